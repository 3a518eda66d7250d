import type { MarketEvent } from '@th/contracts';
import { eventImpact, eventSurprise, marketEventInstant } from '@th/domain';
import type { Tone } from '@/components/badge';

/** "8:30 AM" in the member's zone; holidays and events without a time read "All Day". */
export function eventTime(event: MarketEvent, zone: string): string {
  const at = marketEventInstant(event);
  if (eventImpact(event) === 'HOLIDAY' || !at) return 'All Day';
  return at.setZone(zone).setLocale('en-US').toFormat('h:mm a');
}

export const IMPACT_TONES: Record<string, Tone> = { High: 'red', Medium: 'orange', Low: 'gray', Holiday: 'blue' };

export type EventStats = { label: string; detail: string; tone: 'positive' | 'negative' | 'muted' };

/**
 * The Stats column: how far the actual came in from the forecast; "Pending" until an event
 * that has a forecast is released; a dash when there is nothing to compare.
 */
export function eventStats(event: MarketEvent, now: number): EventStats {
  const surprise = eventSurprise(event);
  if (surprise) {
    if (surprise.direction === 'inline') return { label: 'In line', detail: 'Actual matched the forecast', tone: 'muted' };
    const above = surprise.direction === 'above';
    return {
      label: `${surprise.label} ${above ? 'above' : 'below'}`,
      detail: `Actual ${surprise.label} ${above ? 'above' : 'below'} the forecast`,
      tone: above ? 'positive' : 'negative',
    };
  }
  const at = marketEventInstant(event)?.toMillis();
  if (event.forecast && !event.actual && at !== undefined && at > now) {
    return { label: 'Pending', detail: 'Not released yet', tone: 'muted' };
  }
  return { label: '—', detail: 'No forecast to compare', tone: 'muted' };
}

import type { MarketEvent } from '@th/contracts';
import { marketEventMatches, matchesImpactFilter, type ImpactFilter } from '@th/domain';

export type EventFilters = { impact: ImpactFilter; country: string; search: string };

export const DEFAULT_EVENT_FILTERS: EventFilters = { impact: 'ALL', country: 'ALL', search: '' };
export const IMPACT_OPTIONS: { value: ImpactFilter; label: string }[] = [
  { value: 'ALL', label: 'All impact levels' },
  { value: 'HIGH', label: 'High' },
  { value: 'MEDIUM', label: 'Medium' },
  { value: 'LOW', label: 'Low' },
];

export const sameFilters = (a: EventFilters, b: EventFilters) =>
  a.impact === b.impact && a.country === b.country && a.search.trim() === b.search.trim();

export function applyEventFilters(events: readonly MarketEvent[], filters: EventFilters): MarketEvent[] {
  return events.filter(
    (event) =>
      matchesImpactFilter(event, filters.impact) &&
      (filters.country === 'ALL' || event.currency === filters.country) &&
      marketEventMatches(event, filters.search),
  );
}

/** Currencies present this week, for the country filter: "USD — United States". */
export function countryOptions(events: readonly MarketEvent[]): { value: string; label: string }[] {
  const names = new Map<string, string>();
  for (const event of events) if (!names.has(event.currency)) names.set(event.currency, event.country);
  return [...names]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => ({ value: code, label: name && name !== code ? `${code} — ${name}` : code }));
}

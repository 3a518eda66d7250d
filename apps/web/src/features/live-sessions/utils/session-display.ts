import type { LiveSession } from '@th/contracts';

export const DEFAULT_EXPECTATIONS = [
  'Live trade calls and narrative from the desk',
  'Rapid-fire Q&A with senior mentors',
  'Replay uploaded within 12 hours',
] as const;

export const MAX_REPLAYS_SHOWN = 3;

export function expectationsOf(session: Pick<LiveSession, 'expectations'>): readonly string[] {
  const listed = session.expectations.map((e) => e.trim()).filter(Boolean);
  return listed.length > 0 ? listed : DEFAULT_EXPECTATIONS;
}

/** Zoom's own join page, which offers the Zoom app. */
export const zoomAppLink = (meetingNumber: string) =>
  `https://zoom.us/j/${meetingNumber.replace(/\D/g, '')}`;

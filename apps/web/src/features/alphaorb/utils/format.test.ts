import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

const deviceZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = deviceZone;
});

describe('formatDateTime', () => {
  it.each(['Asia/Singapore', 'Europe/London', 'Pacific/Auckland', 'America/Toronto'])(
    'shows a bot trade at the time the trade log shows it, on a device in %s',
    (zone) => {
      process.env.TZ = zone;
      expect(formatDateTime('2026-11-10T14:59:00Z')).toBe('Nov 10, 9:59 AM');
      // Summer time: Toronto is UTC−4.
      expect(formatDateTime('2026-07-01T13:35:00Z')).toBe('Jul 1, 9:35 AM');
    },
  );
});

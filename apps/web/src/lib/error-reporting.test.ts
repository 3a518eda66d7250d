import type { ErrorEvent } from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import { scrubbed } from './error-reporting';

describe('browser error reports', () => {
  it('[P38] keep the error and the page path, and drop the query, the member and breadcrumbs', () => {
    const event = scrubbed({
      type: undefined,
      exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
      request: { url: 'https://app.test/password/reset/SECRET?email=member%40example.com', headers: { Cookie: 'th=1' } },
      user: { email: 'member@example.com' },
      breadcrumbs: [{ message: 'GET /api/me' }],
    } as ErrorEvent);
    expect(event.exception?.values?.[0]?.type).toBe('TypeError');
    expect(event.request).toEqual({ url: 'https://app.test/password/reset/:token' });
    expect(JSON.stringify(event)).not.toMatch(/member|Cookie|breadcrumb|SECRET/i);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Dates no trade can have: each answered with a 422 in words, never a server error. */
describe('dates outside any trading history', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t.ctx);
    token = await t.login(member.email, member.password);
  });
  afterAll(() => t.close());

  const manual = (entry_time: string) =>
    t.call('POST', '/api/trades/manual', { token, body: { instrument: 'ES', side: 'BUY', entry_time, net_pnl: '10' } });

  it.each(['0001-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '1969-12-31T23:59:59Z', '2100-01-01T00:00:00Z'])(
    'refuses a manual trade entered at %s',
    async (entry) => {
      const res = await manual(entry);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.entry_time[0]).toBe('Entry time must be between 1970 and 2099.');
    },
  );

  it('takes a manual trade on the first and last days of the range', async () => {
    expect((await manual('1970-01-02T15:00:00Z')).statusCode).toBe(201);
    expect((await manual('2099-12-30T15:00:00Z')).statusCode).toBe(201);
  });

  it.each(['0000-01-01', '0001-01-01', '2100-01-01'])('refuses the journal day %s', async (date) => {
    const res = await t.call('PUT', `/api/journals/days/${date}`, { token, body: { narrative: 'x' } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Invalid or missing date provided.');
  });

  it.each(['entry_from=0001-01-01', 'entry_to=9999-12-31', 'from=0001-01-01T00:00:00Z'])(
    'refuses the trade-log filter %s',
    async (query) => {
      const res = await t.call('GET', `/api/trades/order-history?${query}`, { token });
      expect(res.statusCode, res.body).toBe(422);
    },
  );
});

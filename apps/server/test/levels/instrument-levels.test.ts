import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barsFor, startBrokerSim, type StartedBrokerSim } from '@th/broker-sim';
import { sessionWindowsFor } from '@th/domain';
import { levelsRefreshJob } from '../../src/modules/levels/jobs.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Thursday 2026-01-08, 15:00 in Toronto: New York is still trading.
const NOW = new Date('2026-01-08T20:00:00Z');

let t: TestApp;
let sim: StartedBrokerSim;
let token: string;

beforeAll(async () => {
  sim = await startBrokerSim({ now: () => NOW.getTime() });
  t = await createTestApp({ now: () => NOW, env: { BROKER_SIM: 'true', MARKET_DATA_URL: sim.url } });
  const member = await createMember(t.ctx);
  token = await t.login(member.email, member.password);
  // The job as the worker runs it: the simulator's demo login over the TradeLocker API.
  await levelsRefreshJob.handler(t.ctx, { days: 3 });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

type Level = {
  id: string;
  instrument: string;
  session: string;
  trade_date: string;
  actual_date_label: string;
  high: number;
  low: number;
  high_at: string;
  low_at: string;
};
const levels = async (query = '') => {
  const res = await t.call('GET', `/api/instrument-levels${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Level[] }>().data;
};

describe('GET /api/instrument-levels', () => {
  it('requires authentication and an active membership', async () => {
    expect((await t.call('GET', '/api/instrument-levels')).statusCode).toBe(401);
    const suspended = await createMember(t.ctx, { status: 'suspended' });
    const res = await t.call('GET', '/api/instrument-levels', { token: await t.login(suspended.email, suspended.password) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your membership is inactive. Update billing to regain access.');
  });

  it('answers the levels the job computed from the broker bars, newest date first', async () => {
    const rows = await levels();
    expect([...new Set(rows.map((r) => r.trade_date))]).toEqual(['2026-01-08', '2026-01-07', '2026-01-06']);
    // Today only has the sessions that have ended: New York is still open at 15:00.
    const today = rows.filter((r) => r.trade_date === '2026-01-08' && r.instrument === 'NAS100');
    expect(today.map((r) => r.session)).toEqual(['Asian Range', 'London', 'Early Premarket', 'Premarket']);
    // Cards follow the instrument list, sessions the trading day.
    const instruments = [...new Set(rows.filter((r) => r.trade_date === '2026-01-07').map((r) => r.instrument))];
    expect(instruments).toEqual(['NAS100', 'SPX', 'US30', 'XAUUSD', 'XAGUSD', 'GER40', 'UK100', 'BTCUSD', 'ETHUSD']);
  });

  it('matches the simulator market minute for minute, with the Asian Range on the previous evening', async () => {
    const rows = await levels('?date=2026-01-07');
    const asian = rows.find((r) => r.instrument === 'XAUUSD' && r.session === 'Asian Range')!;
    const window = sessionWindowsFor('2026-01-07')![0]!;
    const bars = barsFor('XAUUSD', Date.parse(window.fromUtc), Date.parse(window.toUtc) - 1);
    const high = Math.max(...bars.map((b) => b.h));
    const low = Math.min(...bars.map((b) => b.l));
    expect(asian).toMatchObject({ high, low, trade_date: '2026-01-07', actual_date_label: 'Tue, Jan 6' });
    expect(bars.find((b) => b.h === high)!.t).toBe(Date.parse(asian.high_at));
    expect(bars.find((b) => b.l === low)!.t).toBe(Date.parse(asian.low_at));
    const london = rows.find((r) => r.instrument === 'XAUUSD' && r.session === 'London')!;
    expect(london.actual_date_label).toBe('Wed, Jan 7');
  });

  it('[T114] filters by date and limits the latest dates', async () => {
    const one = await levels('?date=2026-01-06');
    expect(one.length).toBe(9 * 6);
    expect(new Set(one.map((r) => r.trade_date))).toEqual(new Set(['2026-01-06']));
    expect(await levels('?date=2025-12-25')).toEqual([]);
    const two = await levels('?limit=2');
    expect([...new Set(two.map((r) => r.trade_date))]).toEqual(['2026-01-08', '2026-01-07']);
  });

  it('refuses a malformed date or limit', async () => {
    const bad = await t.call('GET', '/api/instrument-levels?date=2026-13-45', { token });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('Enter a valid date.');
    expect((await t.call('GET', '/api/instrument-levels?limit=0', { token })).statusCode).toBe(422);
  });

  it('runs again without duplicating or changing anything', async () => {
    const before = await levels('?limit=6');
    await levelsRefreshJob.handler(t.ctx, { days: 3 });
    expect(await levels('?limit=6')).toEqual(before);
  });
});

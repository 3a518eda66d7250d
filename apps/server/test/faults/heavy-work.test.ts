/**
 * One member's heavy work must not freeze the server for everyone (issue #20, item 3): the
 * request thread stays free while a 5,000-row import or a year-long backtest runs, because the
 * parsing and the engine run on the heavy-work thread and the embedded database on its own.
 * The request thread's longest stall is its longest busy stretch between timer ticks.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { runBacktest } from '../../src/modules/backtests/service.ts';
import type { SourceBar } from '../../src/modules/backtests/bar-source.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Before the work moved off the request thread, this import held it for about 1 s and the
 * backtest for about 8 s on the embedded database; after, the longest stalls were 20–40 ms on a
 * quiet machine and up to 230 ms while CI ran other suites on both cores (the gap counts time the
 * thread waited for a core). Half a second keeps both apart.
 */
const LONGEST_STALL_MS = 500;

let t: TestApp;
let token: string;
const clock = { now: Date.parse('2026-03-02T15:00:00Z') };

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.now) });
  const member = await createMember(t.ctx, { permissions: ['alphaorb.manage'] });
  token = await t.login(member.email, member.password);
});
afterAll(() => t.close());

/**
 * The longest the request thread was busy, in ms, while `work` ran: between two ticks of a 5 ms
 * timer, the time its event loop was active rather than waiting (event loop utilization); the
 * stretch to the end counts too, since work chained through promises alone would never let a
 * timer run at all. Busy time, not the gap between ticks: on a CI machine whose two cores are
 * shared with other suites, an idle thread also waits for a core, and a gap counted that wait
 * (552 ms once, with the thread idle) as if the server had held members up.
 */
async function longestStall(work: () => Promise<void>): Promise<number> {
  let since = performance.eventLoopUtilization();
  let longest = 0;
  const busySince = () => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, since).active;
    since = now;
    return busy;
  };
  const tick = setInterval(() => {
    longest = Math.max(longest, busySince());
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(tick);
  }
  return Math.max(longest, busySince());
}

function csv(rows: number): string {
  const lines = ['id,instrument,side,quantity,entry_time,exit_time,entry_price,exit_price,net_pnl,account,notes'];
  let day = DateTime.fromISO('2026-02-27T09:30', { zone: 'America/Toronto' });
  for (let n = 0; n < rows; n += 1) {
    if (n % 10 === 0) do day = day.minus({ days: 1 }); while (day.weekday > 5);
    const entry = day.plus({ minutes: (n % 10) * 30 });
    lines.push(
      `row-${n},NAS100,${n % 2 ? 'buy' : 'sell'},1,${entry.toISO()},${entry.plus({ minutes: 12 }).toISO()},21000,21010.5,${(n % 7) - 3},Imported,"Note <b>${n}</b>"`,
    );
  }
  return lines.join('\n');
}

describe('heavy work off the request thread', () => {
  it('imports 5,000 trades without holding up other requests', async () => {
    const file = csv(5000);
    let answer: { statusCode: number; body: string } | undefined;
    const stall = await longestStall(async () => {
      answer = await t.call('POST', '/api/trades/import', { token, body: { csv: file } });
    });
    expect(answer?.statusCode, answer?.body).toBe(200);
    expect(JSON.parse(answer!.body).message).toBe('5000 trades imported.');
    expect(stall).toBeLessThan(LONGEST_STALL_MS);
    // A file that cannot be read still answers the member's 422 from the other thread.
    const empty = await t.call('POST', '/api/trades/import', { token, body: { csv: 'instrument,side,entry_time,net_pnl\n' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.csv).toEqual(['The file has a header but no trades.']);
  });

  it('runs a year-long backtest without holding up other requests', async () => {
    const queued = await t.call('POST', '/api/alphaorb/backtests', {
      token,
      body: {
        instrument: 'NAS100',
        from: '2025-03-01',
        to: '2026-02-27',
        settings: { orb_minutes: 15, orb_start_local: '09:30', lot_size: 1, order_type: 'market', risk_max_daily_trades: 1 },
      },
    });
    expect(queued.statusCode, queued.body).toBe(202);
    const { id } = queued.json<{ backtest: { id: string } }>().backtest;
    // A gentle random walk, every minute: a year is ~525,000 bars.
    const source = async () => ({
      minuteBars: async (_instrument: string, fromMs: number, toMs: number) => {
        const bars: SourceBar[] = [];
        for (let at = fromMs; at <= toMs; at += 60_000) {
          const price = 21_000 + 50 * Math.sin(at / 3_600_000) + 20 * Math.sin(at / 600_000);
          bars.push({ t: at, o: price, h: price + 4, l: price - 4, c: price + 1, v: 10 });
        }
        return bars;
      },
    });
    const stall = await longestStall(() => runBacktest(t.ctx, id, { source }));
    const done = (await t.call('GET', `/api/alphaorb/backtests/${id}`, { token })).json<{
      backtest: { status: string; result: { stats: { trading_days: number } } | null };
    }>().backtest;
    expect(done.status).toBe('done');
    expect(done.result?.stats.trading_days).toBeGreaterThan(240);
    expect(stall).toBeLessThan(LONGEST_STALL_MS);
    // Generating and replaying ~525,000 bars takes 10–25 s on the 2-core CI machine and passed
    // 30 s once while browser tests shared it; what this test judges is the stall, not the time.
  }, 90_000);
});

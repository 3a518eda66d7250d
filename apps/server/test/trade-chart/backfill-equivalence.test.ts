/**
 * The backfill measures MAE and MFE in the database (the minutes inside a trade gathered into
 * their high and low, the entry and exit minutes shipped as they are). These cases check that
 * it keeps exactly what the domain's `tradeExcursions` gives over every cached bar of the
 * trade's chart window, which is what the chart keeps, on the edges where which prices count
 * depends on the times: a trade inside one minute, entries and exits on and off the minute,
 * gaps in the bars, both sides, no stop or no size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, barsFor, startBrokerSim, type StartedBrokerSim } from '@th/broker-sim';
import { TRADE_CHART_MESSAGES } from '@th/contracts';
import { tradeChartWindow, tradeExcursions as measure, type Bar } from '@th/domain';
import { tradeExcursions, trades } from '../../src/db/schema/index.ts';
import { HISTORY_CHUNK_MINUTES } from '../../src/modules/backtests/index.ts';
import { backfillExcursions } from '../../src/modules/trade-chart/service.ts';
import { createMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const MINUTE = 60_000;
const at = (hhmmss: string) => Date.parse(`2024-06-03T${hhmmss}Z`);
let t: TestApp;
let sim: StartedBrokerSim;
const clock = { now: Date.parse('2025-03-03T15:00:00Z') };

/** US30 minutes from 09:00 to 12:00 with a gap from 10:40 to 10:50, every price distinct. */
const cached: Bar[] = [];
for (let m = at('09:00:00'); m <= at('12:00:00'); m += MINUTE) {
  if (m >= at('10:40:00') && m < at('10:50:00')) continue;
  const i = (m - at('09:00:00')) / MINUTE;
  const base = Math.round((40_000 + 30 * Math.sin(i / 3)) * 100) / 100;
  cached.push({ t: m, o: base + 0.75, h: base + 3 + (i % 5) * 0.25, l: base - 2.5 - (i % 3) * 0.5, c: base - 0.25 });
}

beforeAll(async () => {
  sim = await startBrokerSim({ now: () => clock.now });
  t = await createTestApp({
    now: () => new Date(clock.now),
    env: { MARKET_DATA_URL: sim.url, MARKET_DATA_EMAIL: DEMO_EMAIL, MARKET_DATA_PASSWORD: DEMO_PASSWORD, MARKET_DATA_SERVER: DEMO_SERVER, BROKER_RETRY_BASE_MS: '0' },
  });
  await t.ctx.database.query(
    `insert into market_bars (instrument, t, o, h, l, c, v)
     select 'US30', to_timestamp(u.t / 1000.0), u.o, u.h, u.l, u.c, 1
     from unnest($1::float8[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[]) as u(t, o, h, l, c)`,
    [cached.map((b) => b.t), cached.map((b) => b.o), cached.map((b) => b.h), cached.map((b) => b.l), cached.map((b) => b.c)],
  );
  await t.ctx.database.query(`insert into market_bar_ranges (instrument, from_t, to_t) values ('US30', $1, $2)`, [
    new Date(at('06:00:00')),
    new Date(at('15:00:00')),
  ]);
});

afterAll(async () => {
  await t.close();
  await sim.close();
});

type Case = { entry: number; exit: number; side?: 'buy' | 'sell'; entryPrice?: string; exitPrice?: string; stop?: string | null; quantity?: string | null };

const cases: Record<string, Case> = {
  'inside one minute': { entry: at('10:00:10'), exit: at('10:00:50') },
  'across one minute boundary': { entry: at('10:00:30'), exit: at('10:01:30') },
  'entering and leaving mid-minute': { entry: at('10:02:30'), exit: at('10:09:20') },
  'entering and leaving on the minute': { entry: at('10:12:00'), exit: at('10:18:00') },
  'a millisecond before the minute': { entry: at('10:19:59.999'), exit: at('10:24:00.001') },
  'short, mid-minute': { entry: at('10:25:45'), exit: at('10:33:15'), side: 'sell', exitPrice: '39990' },
  'across the gap': { entry: at('10:36:30'), exit: at('10:53:10') },
  'entering in the gap': { entry: at('10:44:30'), exit: at('10:51:40'), side: 'sell' },
  'leaving in the gap': { entry: at('10:38:20'), exit: at('10:45:00') },
  'wholly in the gap': { entry: at('10:41:00'), exit: at('10:48:30') },
  'no stop, no size': { entry: at('10:55:05'), exit: at('11:20:55'), stop: null, quantity: null },
  'opened and closed at one instant': { entry: at('11:30:30'), exit: at('11:30:30') },
  'a long trade, padded a day': { entry: at('09:10:00'), exit: at('11:50:59') },
};

describe('the backfill measures what the chart measures', () => {
  it('keeps, for each edge case, the figures tradeExcursions gives over the whole window', async () => {
    const owner = await createMember(t.ctx);
    const added = [];
    for (const c of Object.values(cases)) {
      const [row] = await t.ctx.db
        .insert(trades)
        .values({
          userId: owner.id,
          source: 'linked',
          instrument: 'US30',
          side: c.side ?? 'buy',
          quantity: c.quantity === undefined ? '3' : c.quantity,
          entryTime: new Date(c.entry),
          exitTime: new Date(c.exit),
          entryPrice: c.entryPrice ?? '40000',
          exitPrice: c.exitPrice ?? '40012.5',
          stopLoss: c.stop === undefined ? '39980' : c.stop,
          netPnl: '1',
          tradeDate: '2024-06-03',
        })
        .returning();
      added.push(row!);
    }
    const report = await backfillExcursions(t.ctx, added[0]!.id - 1);
    expect(report).toMatchObject({ measured: added.length - 1, unavailable: 1, failed: 0 });

    for (const [index, [label, c]] of Object.entries(cases).entries()) {
      const row = added[index]!;
      const window = tradeChartWindow(c.entry, c.exit, HISTORY_CHUNK_MINUTES)!;
      const expected = measure(
        {
          instrument: row.instrument,
          side: row.side,
          quantity: row.quantity,
          entry_time: new Date(c.entry).toISOString(),
          exit_time: new Date(c.exit).toISOString(),
          entry_price: row.entryPrice,
          exit_price: row.exitPrice,
          stop_loss: row.stopLoss,
        },
        cached.filter((b) => b.t >= window.fromMs && b.t <= window.toMs),
      );
      const [kept] = await t.ctx.db.select().from(tradeExcursions).where(eq(tradeExcursions.tradeId, row.id));
      if (!expected) {
        expect(kept, label).toMatchObject({ status: 'unavailable', reason: TRADE_CHART_MESSAGES.noBars, maePoints: null });
        continue;
      }
      const number = (value: string | null | undefined) => (value === null || value === undefined ? null : Number(value));
      expect(
        {
          mae: number(kept?.maePoints),
          mfe: number(kept?.mfePoints),
          maeMoney: number(kept?.maeMoney),
          mfeMoney: number(kept?.mfeMoney),
          maeR: number(kept?.maeR),
          mfeR: number(kept?.mfeR),
          leftMoney: number(kept?.leftOnTableMoney),
          leftR: number(kept?.leftOnTableR),
        },
        label,
      ).toEqual({
        mae: expected.maePoints,
        mfe: expected.mfePoints,
        maeMoney: expected.maeMoney,
        mfeMoney: expected.mfeMoney,
        maeR: expected.maeR,
        mfeR: expected.mfeR,
        leftMoney: expected.leftOnTableMoney,
        leftR: expected.leftOnTableR,
      });
    }
  });

  it('measures from the cache, asking the broker nothing, a window that only an earlier of two overlapping spans holds', async () => {
    // Two fills recorded at once can leave overlapping spans; the span starting last before
    // this window (08:00-08:10) does not hold it, the whole morning's (06:00-15:00) does.
    await t.ctx.database.query(`insert into market_bar_ranges (instrument, from_t, to_t) values ('US30', $1, $2)`, [new Date(at('08:00:00')), new Date(at('08:10:00'))]);
    const owner = await createMember(t.ctx);
    const [row] = await t.ctx.db
      .insert(trades)
      .values({ userId: owner.id, source: 'linked', instrument: 'US30', side: 'buy', quantity: '1', entryTime: new Date(at('10:01:30')), exitTime: new Date(at('10:07:30')), entryPrice: '40000', exitPrice: '40010', stopLoss: '39990', netPnl: '10', tradeDate: '2024-06-03' })
      .returning();
    let asked = 0;
    const report = await backfillExcursions(t.ctx, row!.id - 1, {
      source: async () => {
        asked += 1;
        return null;
      },
    });
    expect({ ...report, asked }).toMatchObject({ measured: 1, failed: 0, unavailable: 0, asked: 0 });
    const [kept] = await t.ctx.db.select().from(tradeExcursions).where(eq(tradeExcursions.tradeId, row!.id));
    const window = tradeChartWindow(at('10:01:30'), at('10:07:30'), HISTORY_CHUNK_MINUTES)!;
    const expected = measure(
      { instrument: 'US30', side: 'buy', quantity: '1', entry_time: new Date(at('10:01:30')).toISOString(), exit_time: new Date(at('10:07:30')).toISOString(), entry_price: '40000', exit_price: '40010', stop_loss: '39990' },
      cached.filter((b) => b.t >= window.fromMs && b.t <= window.toMs),
    )!;
    expect([Number(kept!.maePoints), Number(kept!.mfePoints)]).toEqual([expected.maePoints, expected.mfePoints]);
  });

  it('fills a window no cached span holds, then measures it over the filled bars', async () => {
    const owner = await createMember(t.ctx);
    const entry = Date.parse('2025-02-05T15:03:20Z');
    const exit = entry + 12 * MINUTE + 7_000;
    const [row] = await t.ctx.db
      .insert(trades)
      .values({ userId: owner.id, source: 'linked', instrument: 'NAS100', side: 'sell', quantity: '1', entryTime: new Date(entry), exitTime: new Date(exit), entryPrice: '21000', exitPrice: '20990', stopLoss: '21020', netPnl: '10', tradeDate: '2025-02-05' })
      .returning();
    expect(await backfillExcursions(t.ctx, row!.id - 1)).toMatchObject({ measured: 1, failed: 0 });
    const window = tradeChartWindow(entry, exit, HISTORY_CHUNK_MINUTES)!;
    const expected = measure(
      { instrument: 'NAS100', side: 'sell', quantity: '1', entry_time: new Date(entry).toISOString(), exit_time: new Date(exit).toISOString(), entry_price: '21000', exit_price: '20990', stop_loss: '21020' },
      barsFor('NAS100', window.fromMs, window.toMs),
    )!;
    const [kept] = await t.ctx.db.select().from(tradeExcursions).where(eq(tradeExcursions.tradeId, row!.id));
    expect([Number(kept!.maePoints), Number(kept!.mfePoints), Number(kept!.maeR), Number(kept!.leftOnTableMoney)]).toEqual([
      expected.maePoints,
      expected.mfePoints,
      expected.maeR,
      expected.leftOnTableMoney,
    ]);
  });
});

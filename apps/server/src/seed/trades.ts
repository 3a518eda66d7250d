import { and, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { centsText, TRADE_TIME_ZONE, tradeDateOf } from '@th/domain';
import type { AppContext } from '../context.ts';
import { journalDays, journalTradeEntries, trades, users } from '../db/schema/index.ts';
import { seededRandom } from '@th/domain';

const DEMO_EMAIL = 'member@example.com';
const IMPORT_LABEL = 'TradeLocker Demo';
const IMPORT_IDENTIFIER = 'D#284113';
const MONTHS = 6;

type Market = { symbol: string; price: number; tick: number; lots: number[]; perPoint: number; move: number };
const MARKETS: Market[] = [
  { symbol: 'NAS100', price: 21_250, tick: 0.25, lots: [1, 2, 3, 5], perPoint: 1, move: 45 },
  { symbol: 'US30', price: 42_300, tick: 1, lots: [1, 2, 3], perPoint: 1, move: 80 },
  { symbol: 'XAUUSD', price: 2_655, tick: 0.01, lots: [0.1, 0.2, 0.5], perPoint: 100, move: 6 },
  { symbol: 'GER40', price: 20_150, tick: 0.5, lots: [1, 2], perPoint: 1, move: 40 },
];
// Spelled as the sync stores the broker's types (tradeTypeName of @th/contracts).
const TYPES = ['Market', 'Market', 'Market', 'Limit', 'Stop'];

const CONDITIONS = ['Trend day', 'Range, choppy open', 'News-driven', 'Gap and go', 'Trend, then reversal'];
const NARRATIVES = [
  '<p><strong>Patient open.</strong> Waited for the opening range to set before taking anything.</p><ul><li><p>Stuck to one instrument</p></li><li><p>Respected the daily loss limit</p></li></ul>',
  '<p>Choppy first hour; I <em>forced</em> one entry before the range broke. Lesson: no trades inside the ORB.</p>',
  '<p>Clean trend day after CPI. <u>Scaled out</u> at 1R and 2R as planned.</p><ul><li><p>Best execution of the week</p></li></ul>',
  '<p>London gold setup worked, New York was slow. Stopped after two trades.</p>',
];
const EMOTIONS = ['Calm', 'Confident', 'Focused', 'Hopeful', 'Doubt', 'Frustrated', 'Satisfied', 'Relieved', 'Stressed', 'Excited'];

const round = (value: number, step: number) => Math.round(value / step) * step;
const fixed = (value: number, digits: number) => value.toFixed(digits);

/**
 * A few months of the demo member's trades: imported from a TradeLocker demo account (mostly
 * New York, some London; gold and the DAX in London) plus a few entered by hand, and journal
 * notes on some days. Idempotent: nothing is added once the imported history is there.
 */
export async function seedTrades(ctx: AppContext) {
  const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (!member) return;
  const [existing] = await ctx.db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.userId, member.id), eq(trades.accountIdentifier, IMPORT_IDENTIFIER)))
    .limit(1);
  if (existing) return;

  const rand = seededRandom(20_260_105);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const today = DateTime.fromJSDate(ctx.now()).setZone(TRADE_TIME_ZONE).startOf('day');
  const rows: (typeof trades.$inferInsert)[] = [];
  let position = 0;

  for (let day = today.minus({ months: MONTHS }).startOf('month'); day < today; day = day.plus({ days: 1 })) {
    if (day.weekday > 5 || rand() < 0.18) continue;
    const count = 1 + Math.floor(rand() * 3.2);
    for (let n = 0; n < count; n += 1) {
      const london = rand() < 0.2;
      const market = london ? pick([MARKETS[2]!, MARKETS[3]!]) : pick([MARKETS[0]!, MARKETS[0]!, MARKETS[1]!, MARKETS[2]!]);
      const entry = london
        ? day.set({ hour: 1 + Math.floor(rand() * 3), minute: Math.floor(rand() * 60) })
        : day.set({ hour: 9, minute: 30 }).plus({ minutes: Math.floor(rand() * 150) });
      const exit = entry.plus({ minutes: 1 + Math.floor(rand() * 75) });
      const side = rand() < 0.55 ? 'buy' : 'sell';
      const lots = pick(market.lots);
      const entryPrice = round(market.price * (1 + (rand() - 0.5) * 0.06), market.tick);
      const win = rand() < 0.56;
      const points = round(market.move * (win ? 0.3 + rand() : -(0.2 + rand() * 0.7)), market.tick);
      const exitPrice = entryPrice + (side === 'buy' ? points : -points);
      const stop = entryPrice + (side === 'buy' ? -1 : 1) * round(market.move * 0.6, market.tick);
      const grossCents = Math.round(points * lots * market.perPoint * 100);
      const feeCents = Math.round(lots * (market.perPoint === 100 ? 700 : 150));
      const manual = rand() < 0.1;
      position += 1;
      const entryIso = entry.toUTC().toISO()!;
      const exitIso = exit.toUTC().toISO()!;
      rows.push({
        userId: member.id,
        source: manual ? 'manual' : 'linked',
        brokerPositionId: manual ? null : `demo-${position}`,
        entryOrderId: manual ? null : `demo-${position}-1`,
        exitOrderId: manual ? null : `demo-${position}-2`,
        instrument: market.symbol,
        side,
        type: manual ? 'Market' : pick(TYPES),
        quantity: String(lots),
        entryTime: entry.toJSDate(),
        exitTime: exit.toJSDate(),
        entryPrice: fixed(entryPrice, 2),
        exitPrice: fixed(exitPrice, 2),
        stopLoss: fixed(stop, 2),
        takeProfit: rand() < 0.5 ? fixed(entryPrice + (side === 'buy' ? 1 : -1) * market.move * 1.5, 2) : null,
        fee: centsText(feeCents),
        swap: '0.00',
        grossPnl: centsText(grossCents),
        netPnl: centsText(grossCents - feeCents),
        notes: manual ? 'Logged by hand from the prop firm platform.' : null,
        accountLabel: manual ? 'Manual' : IMPORT_LABEL,
        accountIdentifier: manual ? null : IMPORT_IDENTIFIER,
        tradeDate: tradeDateOf({ entry_time: entryIso, exit_time: exitIso }),
      });
    }
  }

  await ctx.db.transaction(async (tx) => {
    const inserted: Array<{ id: number; tradeDate: string | null; entryTime: Date | null }> = [];
    for (let start = 0; start < rows.length; start += 200) {
      inserted.push(
        ...(await tx
          .insert(trades)
          .values(rows.slice(start, start + 200))
          .returning({ id: trades.id, tradeDate: trades.tradeDate, entryTime: trades.entryTime })),
      );
    }
    const dates = [...new Set(inserted.map((row) => row.tradeDate).filter((d): d is string => d !== null))];
    const journalled = dates.filter((_, index) => index % 3 === 0);
    for (const [index, date] of journalled.entries()) {
      await tx.insert(journalDays).values({
        userId: member.id,
        date,
        session: 'New York',
        sentiment: pick(['Bullish', 'Bearish', 'Neutral']),
        planSummary: 'Trade the opening range breakout on NAS100; max two attempts.',
        overallNotes: NARRATIVES[index % NARRATIVES.length]!,
        tags: index % 2 === 0 ? ['ORB', 'Patience'] : ['News'],
      });
      const first = inserted.find((row) => row.tradeDate === date)!;
      const hour = first.entryTime ? DateTime.fromJSDate(first.entryTime).setZone(TRADE_TIME_ZONE).hour : 9;
      await tx.insert(journalTradeEntries).values({
        userId: member.id,
        date,
        tradeId: first.id,
        outcome: pick(['Hit target', 'Stopped out at plan', 'Scratched at break-even', 'Partial at 1R, rest stopped']),
        notes: '<p>Entry on the <strong>retest</strong> of the range high.</p>',
        context: { session: hour < 4 ? 'London' : 'New York', marketCondition: pick(CONDITIONS), news: index % 4 === 0 ? 'CPI 08:30' : null },
        emotions: { before: pick(EMOTIONS), during: pick(EMOTIONS), after: pick(EMOTIONS) },
        checklist: { planAligned: rand() < 0.8, riskManaged: rand() < 0.85, scalingRules: rand() < 0.6 },
        labels: ['ORB'],
      });
    }
  });
}

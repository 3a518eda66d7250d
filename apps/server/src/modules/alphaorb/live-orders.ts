/**
 * A live run's orders at the broker: sending a recorded order once (asking the broker by
 * strategyId first), and turning what the broker reports into engine events (accepted, filled,
 * cancelled, position closed).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { OrbEvent, OrbRunState } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { alphaorbBotOrders } from '../../db/schema/index.ts';
import { isBrokerError, type BrokerOrder } from '../broker/index.ts';
import type { BotBroker } from './broker.ts';
import type { RunnerHooks } from './drive.ts';
import type { BotRow, RunRow } from './present.ts';

export type OrderRow = typeof alphaorbBotOrders.$inferSelect;
type Trading = NonNullable<BotBroker['trading']>;

const DAY = 86_400_000;

// Read on every monitor poll and runner pass: prepared once (see db/prepared.ts).
const runOrders = prepared((db) =>
  db
    .select()
    .from(alphaorbBotOrders)
    .where(eq(alphaorbBotOrders.runId, sql.placeholder('runId')))
    .orderBy(asc(alphaorbBotOrders.id))
    .prepare('run_orders'),
);

/** A run's recorded orders, in the order they were recorded. */
export async function ordersOf(db: Database, runId: string): Promise<OrderRow[]> {
  return runOrders(db).execute({ runId });
}

/** Every order of the account the broker knows about: working ones and the recent history. */
async function brokerOrders(ctx: AppContext, trading: Trading, run: RunRow): Promise<BrokerOrder[]> {
  const now = ctx.now().getTime();
  const [working, history] = await Promise.all([
    trading.orders(),
    trading.ordersHistory(run.armAt.getTime() - DAY, now + DAY),
  ]);
  return [...working, ...history];
}

/**
 * Sends one recorded order. The broker is asked first whether an order with this strategyId
 * already exists (the previous process may have sent it and died before storing the answer).
 */
export async function sendOrder(
  ctx: AppContext,
  trading: Trading,
  bot: BotRow,
  order: OrderRow,
  hooks: RunnerHooks,
  known?: BrokerOrder[],
): Promise<boolean> {
  const existing = (known ?? (await trading.orders())).find((o) => o.strategyId === order.clientOrderId);
  let brokerOrderId = existing?.id ?? null;
  if (!brokerOrderId) {
    await hooks.beforeSend?.(order.clientOrderId);
    try {
      const placed = await trading.placeOrder({
        tradableInstrumentId: bot.instrumentId,
        routeId: bot.tradeRouteId ?? '',
        qty: order.qty,
        side: order.side,
        type: order.orderType === 'limit' ? 'limit' : 'market',
        ...(order.price !== null && { price: order.price }),
        ...(order.stopLoss !== null && { stopLoss: order.stopLoss, stopLossType: 'absolute' as const }),
        ...(order.takeProfit !== null && { takeProfit: order.takeProfit, takeProfitType: 'absolute' as const }),
        strategyId: order.clientOrderId,
      });
      brokerOrderId = placed.orderId;
    } catch (error) {
      // No answer is not a rejection: the order may exist. Leave the row unconfirmed so the
      // next pass asks the broker by strategyId before anything is sent again.
      if (!isBrokerError(error) || error.status === null || error.status >= 500) throw error;
      ctx.log.warn({ err: error, order: order.clientOrderId }, 'alphaorb order rejected');
      await ctx.db.update(alphaorbBotOrders).set({ status: 'rejected', updatedAt: ctx.now() }).where(eq(alphaorbBotOrders.id, order.id));
      return false;
    }
    await hooks.afterSend?.(order.clientOrderId);
  }
  await ctx.db
    .update(alphaorbBotOrders)
    .set({ brokerOrderId, status: 'sent', updatedAt: ctx.now() })
    .where(eq(alphaorbBotOrders.id, order.id));
  return true;
}

const num = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : Number(v));

/** Engine events for everything that changed at the broker since the last pass. */
export async function brokerUpdates(
  ctx: AppContext,
  trading: Trading,
  bot: BotRow,
  run: RunRow,
  state: OrbRunState,
  hooks: RunnerHooks,
): Promise<OrbEvent[]> {
  const rows = await ordersOf(ctx.db, run.id);
  const live = rows.filter((r) => !['rejected', 'closed', 'cancelled'].includes(r.status));
  if (live.length === 0) return [];
  const at = ctx.now().getTime();
  const known = await brokerOrders(ctx, trading, run);
  const events: OrbEvent[] = [];

  // Recorded but never confirmed as sent: adopt the broker's order, or send it now.
  for (const row of live.filter((r) => r.brokerOrderId === null)) {
    const leg = state.entry?.legs.find((l) => l.clientOrderId === row.clientOrderId);
    const stillWanted = leg !== undefined && (leg.status === 'sent' || leg.status === 'accepted') && !state.halted && !state.flattening;
    const adopted = known.find((o) => o.strategyId === row.clientOrderId);
    if (adopted) {
      await ctx.db.update(alphaorbBotOrders).set({ brokerOrderId: adopted.id, status: 'sent' }).where(eq(alphaorbBotOrders.id, row.id));
      row.brokerOrderId = adopted.id;
    } else if (stillWanted) {
      const sent = await sendOrder(ctx, trading, bot, row, hooks, known);
      if (!sent) events.push({ type: 'order_update', clientOrderId: row.clientOrderId, status: 'rejected', at });
      return events; // its fill shows up on the next pass
    } else {
      await ctx.db.update(alphaorbBotOrders).set({ status: 'cancelled' }).where(eq(alphaorbBotOrders.id, row.id));
      events.push({ type: 'order_update', clientOrderId: row.clientOrderId, status: 'cancelled', at });
    }
  }

  const positions = await trading.positions();
  for (const row of live) {
    if (row.brokerOrderId === null) continue;
    const order = known.find((o) => o.id === row.brokerOrderId);
    if (!order) continue;
    const leg = state.entry?.legs.find((l) => l.clientOrderId === row.clientOrderId);
    const status = (order.status ?? '').toLowerCase();
    if (status === 'filled' && leg && (leg.status === 'sent' || leg.status === 'accepted')) {
      await ctx.db.update(alphaorbBotOrders).set({ positionId: order.positionId, status: 'filled' }).where(eq(alphaorbBotOrders.id, row.id));
      row.positionId = order.positionId;
      events.push({
        type: 'order_update',
        clientOrderId: row.clientOrderId,
        status: 'filled',
        ...(num(order.avgPrice) !== null && { fillPrice: num(order.avgPrice)! }),
        ...(num(order.filledQty) !== null && { filledQty: num(order.filledQty)! }),
        at: order.lastModified ?? at,
      });
    } else if ((status === 'cancelled' || status === 'rejected') && leg && leg.status !== 'open') {
      await ctx.db.update(alphaorbBotOrders).set({ status: 'cancelled' }).where(eq(alphaorbBotOrders.id, row.id));
      events.push({ type: 'order_update', clientOrderId: row.clientOrderId, status: status === 'rejected' ? 'rejected' : 'cancelled', at });
    } else if (status === 'new' && leg?.status === 'sent') {
      events.push({ type: 'order_update', clientOrderId: row.clientOrderId, status: 'accepted', at });
    }
    const positionId = row.positionId ?? order.positionId;
    const open = leg?.status === 'open' || (status === 'filled' && leg && leg.status !== 'closed');
    if (open && positionId && !positions.some((p) => p.id === positionId)) {
      const exit = known
        .filter((o) => o.positionId === positionId && o.id !== order.id && (o.status ?? '').toLowerCase() === 'filled')
        .sort((a, b) => (b.lastModified ?? 0) - (a.lastModified ?? 0))[0];
      // Gone from the positions but no closing fill listed yet: decide on the next pass.
      if (!exit) continue;
      const exitPrice = num(exit.avgPrice) ?? num(order.avgPrice) ?? 0;
      const stop = num(row.stopLoss);
      const target = num(row.takeProfit);
      const reason =
        row.status === 'closing_manual'
          ? 'manual'
          : row.status === 'closing_flatten'
            ? 'flatten'
            : stop !== null && target !== null && Math.abs(exitPrice - target) < Math.abs(exitPrice - stop)
              ? 'target'
              : stop !== null && target !== null
                ? 'stop'
                : 'manual';
      const fee = (num(order.fee) ?? 0) + (num(exit.fee) ?? 0);
      await ctx.db.update(alphaorbBotOrders).set({ status: 'closed' }).where(eq(alphaorbBotOrders.id, row.id));
      events.push({
        type: 'position_closed',
        clientOrderId: row.clientOrderId,
        exitPrice,
        reason,
        fee,
        at: exit.lastModified ?? at,
      });
    }
  }
  return events;
}

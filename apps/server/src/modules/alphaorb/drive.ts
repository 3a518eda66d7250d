/**
 * Drives one bot run for one pass: broker updates first (fills, closes), then the closed
 * 1-minute bars since the run's cursor, then the latest quote, then the clock. Every engine
 * transition is persisted before any order leaves, so a crash at any point resumes from the
 * database without sending an order twice (order rows + strategyId reconcile the rest).
 */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_FILL_MODEL,
  createPaperBroker,
  isTerminal,
  paperIsFlat,
  paperOnBar,
  paperOnQuote,
  paperSubmit,
  step,
  type OrbAction,
  type OrbEvent,
  type OrbRunState,
  type PaperBrokerState,
  type PaperResult,
} from '@th/domain';
import type { AppContext } from '../../context.ts';
import { alphaorbBotOrders } from '../../db/schema/index.ts';
import type { BotBroker, InstrumentRoute } from './broker.ts';
import { brokerUpdates, ordersOf, sendOrder, type OrderRow } from './live-orders.ts';
import type { BotRow, RunRow } from './present.ts';
import { runNotices, sendNotices } from './notices.ts';
import { paperOf, persistStep, runSettingsOf, runStateOf } from './runs.ts';

export type RunnerHooks = {
  /** Called after an order row is written and before it is sent (tests simulate crashes here). */
  beforeSend?: (clientOrderId: string) => void | Promise<void>;
  /** Called once the broker took the order, before its id is stored. */
  afterSend?: (clientOrderId: string) => void | Promise<void>;
};

const MINUTE = 60_000;

export type Driver = {
  /** Feeds one event; false when the run was changed by someone else meanwhile. */
  apply(event: OrbEvent, at: number, cursor?: Date): Promise<boolean>;
  /** Changes the paper broker (a quote, a bar's fills), stores it, then feeds its events. */
  withPaper(change: (paper: PaperBrokerState) => PaperResult, at: number): Promise<boolean>;
  readonly paper: PaperBrokerState;
  readonly state: OrbRunState;
  readonly row: RunRow;
};

export function driverFor(
  ctx: AppContext,
  bot: BotRow,
  run: RunRow,
  broker: BotBroker | null,
  hooks: RunnerHooks = {},
): Driver {
  let row = run;
  let state = runStateOf(run);
  let paper = paperOf(run) ?? createPaperBroker();
  const settings = runSettingsOf(run);
  const paperMode = run.testMode;
  let pendingCursor: Date | undefined;

  async function execute(actions: readonly OrbAction[], at: number): Promise<OrbEvent[]> {
    const follow: OrbEvent[] = [];
    if (paperMode) return follow;
    const trading = broker?.trading ?? null;
    const rows = new Map((await ordersOf(ctx.db, run.id)).map((o) => [o.clientOrderId, o]));
    for (const action of actions) {
      if (action.type === 'place_order') {
        const order = rows.get(action.clientOrderId);
        if (!order) continue;
        if (!trading) {
          follow.push({ type: 'order_update', clientOrderId: action.clientOrderId, status: 'rejected', at });
          await ctx.db.update(alphaorbBotOrders).set({ status: 'rejected' }).where(eq(alphaorbBotOrders.id, order.id));
          continue;
        }
        const sent = await sendOrder(ctx, trading, bot, order, hooks);
        if (!sent) follow.push({ type: 'order_update', clientOrderId: action.clientOrderId, status: 'rejected', at });
      } else if (action.type === 'cancel_order') {
        const order = rows.get(action.clientOrderId);
        if (order?.brokerOrderId && trading) {
          await trading.cancelOrder(order.brokerOrderId).catch((error: unknown) => {
            ctx.log.warn({ err: error, order: order.clientOrderId }, 'alphaorb cancel failed');
          });
        } else if (order) {
          follow.push({ type: 'order_update', clientOrderId: action.clientOrderId, status: 'cancelled', at });
        }
        if (order) await markOrder(order, 'cancel_requested');
      } else if (action.type === 'close_position') {
        const order = rows.get(action.clientOrderId);
        if (!order || !trading) continue;
        await markOrder(order, action.reason === 'hard_stop' ? 'closing_manual' : 'closing_flatten');
        let positionId = order.positionId;
        if (!positionId && order.brokerOrderId) {
          // Filled since the last pass: the broker knows the position the order opened.
          const history = await trading.ordersHistory(run.armAt.getTime() - 86_400_000, at + 86_400_000).catch(() => []);
          positionId = history.find((o) => o.id === order.brokerOrderId)?.positionId ?? null;
        }
        if (positionId) {
          await trading.closePosition(positionId).catch((error: unknown) => {
            ctx.log.warn({ err: error, order: order.clientOrderId }, 'alphaorb close failed');
          });
        }
      }
    }
    return follow;
  }

  async function markOrder(order: OrderRow, status: string) {
    await ctx.db.update(alphaorbBotOrders).set({ status, updatedAt: ctx.now() }).where(eq(alphaorbBotOrders.id, order.id));
  }

  async function apply(event: OrbEvent, at: number, cursor?: Date): Promise<boolean> {
    const result = step(state, event, settings);
    // Most bars change nothing: their cursor rides along with the next real write (bars fed
    // again after a crash change nothing either).
    if (result.state === state && result.actions.length === 0) {
      if (cursor !== undefined) pendingCursor = cursor;
      return true;
    }
    const nextCursor = cursor ?? pendingCursor;
    pendingCursor = undefined;
    const paperFollow: OrbEvent[] = [];
    if (paperMode) {
      for (const action of result.actions) {
        if (action.type === 'log' || action.type === 'trade_closed') continue;
        const out = paperSubmit(paper, action, at, DEFAULT_FILL_MODEL);
        paper = out.state;
        paperFollow.push(...out.events);
      }
    }
    const written = await persistStep(ctx.db, row, bot, {
      next: result.state,
      actions: result.actions,
      ...(paperMode && { paper }),
      ...(nextCursor !== undefined && { cursor: nextCursor }),
      at,
    });
    if (!written) return false;
    row = written;
    if (result.state.state !== state.state) ctx.memory.metrics.botRunTransitions.inc({ state: result.state.state });
    await sendNotices(ctx, runNotices(bot, row.id, event, state, result.state, result.actions));
    state = result.state;
    const follow = [...paperFollow, ...(await execute(result.actions, at))];
    for (const next of follow) if (!(await apply(next, at))) return false;
    return true;
  }

  async function withPaper(change: (p: PaperBrokerState) => PaperResult, at: number): Promise<boolean> {
    const out = change(paper);
    if (out.state === paper && out.events.length === 0) return true;
    paper = out.state;
    const written = await persistStep(ctx.db, row, bot, { next: state, actions: [], paper, at });
    if (!written) return false;
    row = written;
    for (const event of out.events) if (!(await apply(event, at))) return false;
    return true;
  }

  return {
    apply,
    withPaper,
    get paper() {
      return paper;
    },
    get state() {
      return state;
    },
    get row() {
      return row;
    },
  };
}

/** One pass over a run at ctx.now(). */
export async function driveRun(
  ctx: AppContext,
  bot: BotRow,
  run: RunRow,
  broker: BotBroker | null,
  hooks: RunnerHooks = {},
): Promise<void> {
  const now = ctx.now().getTime();
  const d = driverFor(ctx, bot, run, broker, hooks);
  const w = d.state.window;
  const route: InstrumentRoute = { tradableInstrumentId: bot.instrumentId, routeId: bot.infoRouteId ?? bot.tradeRouteId ?? '' };

  if (!run.testMode && broker?.trading) {
    for (const event of await brokerUpdates(ctx, broker.trading, bot, run, d.state, hooks)) {
      if (!(await d.apply(event, now))) return;
    }
  }

  const needsBars = now >= w.orbStart && !isTerminal(d.state.state);
  const paperOpen = run.testMode && !paperIsFlat(d.paper);
  if (broker && (needsBars || paperOpen)) {
    const from = Math.max(run.cursor ? run.cursor.getTime() + MINUTE : 0, w.orbStart - MINUTE);
    const to = Math.min(now, w.flattenAt + MINUTE);
    if (from <= to) {
      const bars = await broker.bars(route, from, to).catch((error: unknown) => {
        ctx.log.warn({ err: error, bot: bot.id }, 'alphaorb bars failed');
        return [];
      });
      for (const b of bars) {
        const close = b.t + MINUTE;
        if (close > now || b.t < from) continue; // closed bars only, each once
        const bar = { t: b.t, o: b.o, h: b.h, l: b.l, c: b.c };
        if (run.testMode && !paperIsFlat(d.paper)) {
          if (!(await d.withPaper((p) => paperOnBar(p, bar, DEFAULT_FILL_MODEL), close))) return;
        }
        if (!(await d.apply({ type: 'bar', bar }, close, new Date(bar.t)))) return;
      }
    }
  }

  if (broker && !isTerminal(d.state.state) && now >= w.armAt) {
    const quote = await broker.quote(route).catch(() => null);
    if (quote) {
      if (run.testMode) {
        const quoted = (p: PaperBrokerState) => ({ state: paperOnQuote(p, quote.bid, quote.ask), events: [] });
        if (!(await d.withPaper(quoted, now))) return;
      }
      if (!(await d.apply({ type: 'quote', bid: quote.bid, ask: quote.ask, at: now }, now))) return;
    }
  }
  await d.apply({ type: 'tick', at: now }, now);
}

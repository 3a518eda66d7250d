/** The monitor payload (§3.3), derived from the stored runs, their events and order rows. */
import { desc, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Monitor, MonitorResponse, MonitorRun } from '@th/contracts';
import {
  botSlug,
  formatPrice,
  isActive,
  MONEY_DECIMALS,
  roundHalfUp,
  runPermissions,
  stateLabel,
  stateTone,
  type OrbRunState,
  type RunStateName,
} from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { alphaorbBotRunEvents } from '../../db/schema/index.ts';
import { ordersOf, type OrderRow } from './live-orders.ts';
import type { BotRow, RunRow } from './present.ts';
import { runSettingsOf, runStateOf, runsOf } from './runs.ts';

const STALE_MS = 60_000;
const EXIT_LABELS = { stop: 'Stopped out', target: 'Target hit', flatten: 'Closed at session end', manual: 'Closed manually' };
const LEVEL_TONES: Record<string, string> = { info: 'info', warn: 'warning', error: 'danger' };

// The monitor is polled every few seconds by every member watching a bot: prepared once.
const runEvents = prepared((db) =>
  db
    .select()
    .from(alphaorbBotRunEvents)
    .where(sql`${alphaorbBotRunEvents.runId} = any(${sql.placeholder('runIds')}::uuid[])`)
    .orderBy(desc(alphaorbBotRunEvents.id))
    .limit(50)
    .prepare('monitor_events'),
);

const local = (at: number, zone: string, format: string) => DateTime.fromMillis(at, { zone }).toFormat(format);

/** Window labels by zone and instants, worked out once: the same runs are polled all day. */
const windowLabels = new Map<string, MonitorRun['window']>();

function windowLabel(w: { timezone: string; orbStart: number; orbEnd: number }): MonitorRun['window'] {
  const key = `${w.timezone} ${w.orbStart} ${w.orbEnd}`;
  let label = windowLabels.get(key);
  if (!label) {
    if (windowLabels.size >= 10_000) windowLabels.clear();
    label = {
      timezone: w.timezone,
      from: local(w.orbStart, w.timezone, 'HH:mm'),
      to: local(w.orbEnd, w.timezone, 'HH:mm'),
      from12: local(w.orbStart, w.timezone, 'h:mm a'),
      to12: local(w.orbEnd, w.timezone, 'h:mm a'),
    };
    windowLabels.set(key, label);
  }
  return label;
}

function monitorRun(run: RunRow): MonitorRun {
  const s = runStateOf(run);
  const w = s.window;
  return {
    id: run.id,
    state: s.state,
    stateLabel: stateLabel(s.state),
    stateTone: stateTone(s.state),
    tradingDay: w.tradingDay,
    window: windowLabel(w),
    metrics: run.metrics as MonitorRun['metrics'],
    steps: run.steps as MonitorRun['steps'],
    completedAt: s.completedAt === null ? null : new Date(s.completedAt).toISOString(),
  };
}

/** "2h 05m 10s" style countdown to an instant. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${h}h ${pad(m)}m`;
  if (h > 0) return `${h}h ${pad(m)}m ${pad(sec)}s`;
  return `${m}m ${pad(sec)}s`;
}

function relative(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.round(s / 60);
  return m < 60 ? `${m} min ago` : `${Math.round(m / 60)} h ago`;
}

function monitoringMessage(s: OrbRunState): string | null {
  const hi = s.orbHigh === null ? '' : formatPrice(s.orbHigh);
  const lo = s.orbLow === null ? '' : formatPrice(s.orbLow);
  switch (s.state) {
    case 'armed':
      return 'Armed: waiting for the opening range to start.';
    case 'at_orb':
      return 'Building the opening range from the one-minute bars.';
    case 'range_fetched':
    case 'monitoring':
      return `Watching for a breakout above ${hi} or below ${lo}.`;
    case 'order_sent':
      return 'Entry order sent: waiting for the fill.';
    case 'filled':
      return 'In position: the stop and target are working.';
    default:
      return s.endReason;
  }
}

type ChartBars = Monitor['chart']['bars'];

type EventRow = typeof alphaorbBotRunEvents.$inferSelect;

/** What the monitor is built from: the bot's latest runs, the shown runs' events, the current run's orders. */
export type MonitorRows = { runs: RunRow[]; events: EventRow[]; orders: OrderRow[] };

/** The run on screen (the newest that started) and the next one planned. */
function shownRuns(runs: RunRow[]) {
  return {
    upcomingRow: [...runs].reverse().find((r) => r.state === 'idle') ?? null,
    currentRow: runs.find((r) => r.state !== 'idle' && r.state !== 'cancelled') ?? null,
  };
}

export async function monitorRows(db: Database, botId: string): Promise<MonitorRows> {
  const runs = await runsOf(db, botId, 10);
  const { upcomingRow, currentRow } = shownRuns(runs);
  const ids = [currentRow?.id, upcomingRow?.id].filter((id): id is string => Boolean(id));
  const [events, orders] = await Promise.all([
    ids.length ? runEvents(db).execute({ runIds: ids }) : [],
    currentRow ? ordersOf(db, currentRow.id) : [],
  ]);
  return { runs, events, orders };
}

/** The monitor at this moment (countdowns, quote age) from its stored rows. */
export async function monitorFor(
  ctx: AppContext,
  bot: BotRow,
  accountLabel: string,
  message: string | null,
  { runs, events, orders }: MonitorRows,
  chartBars: (current: RunRow) => Promise<ChartBars>,
): Promise<MonitorResponse> {
  const now = ctx.now().getTime();
  const { upcomingRow, currentRow } = shownRuns(runs);
  const current = currentRow ? runStateOf(currentRow) : null;
  const upcoming = upcomingRow ? runStateOf(upcomingRow) : null;
  const activeState = current && isActive(current.state as RunStateName) ? current : null;
  const bars = currentRow ? await chartBars(currentRow) : [];
  const zone = bot.timezone;

  let countdownDisplay: Monitor['countdown'] = null;
  if (activeState && now < activeState.window.orbStart) {
    countdownDisplay = { formatted: countdown(activeState.window.orbStart - now), label: 'Opening range starts in' };
  } else if (upcoming) {
    countdownDisplay = { formatted: countdown(upcoming.window.orbStart - now), label: 'Next run starts in' };
  }
  const rangeCountdown =
    activeState && (activeState.state === 'armed' || activeState.state === 'at_orb')
      ? { formatted: countdown(activeState.window.orbEnd - now), label: 'Opening range completes in' }
      : null;

  const entry = current?.entry ?? null;
  const firstLeg = entry?.legs[0] ?? null;
  const firstOrder = firstLeg ? orders.find((o) => o.clientOrderId === firstLeg.clientOrderId) : undefined;
  const orderStatus: Monitor['orderStatus'] = firstLeg
    ? {
        status: firstLeg.status,
        text:
          firstLeg.status === 'open'
            ? 'Filled'
            : firstLeg.status === 'sent' || firstLeg.status === 'accepted'
              ? 'Working'
              : firstLeg.status === 'rejected'
                ? 'Rejected'
                : firstLeg.status === 'cancelled'
                  ? 'Cancelled'
                  : 'Closed',
        tone: firstLeg.status === 'open' ? 'success' : firstLeg.status === 'rejected' ? 'danger' : 'warning',
        brokerOrderId: firstOrder?.brokerOrderId ?? (currentRow?.testMode ? firstLeg.clientOrderId : null),
      }
    : null;

  const quote = current?.quote ?? null;
  const vpp = currentRow ? runSettingsOf(currentRow).value_per_point : 1;
  const openLegs = entry?.legs.filter((l) => l.status === 'open') ?? [];
  let activePosition: Monitor['activePosition'] = null;
  if (entry && openLegs.length > 0) {
    const qty = openLegs.reduce((sum, l) => sum + (l.filledQty ?? l.qty), 0);
    const avg = openLegs.reduce((sum, l) => sum + (l.fillPrice ?? entry.refPrice) * (l.filledQty ?? l.qty), 0) / qty;
    const mark = quote ? (entry.side === 'buy' ? quote.bid : quote.ask) : null;
    // Rounded like the engine rounds the P&L it books, so the open P&L closes into the same figure.
    const pnl = mark === null ? null : roundHalfUp((mark - avg) * (entry.side === 'buy' ? 1 : -1) * qty * vpp, MONEY_DECIMALS);
    const openOrder = orders.find((o) => o.clientOrderId === openLegs[0]!.clientOrderId);
    activePosition = {
      side: entry.side.toUpperCase(),
      quantity: qty,
      averagePrice: avg,
      unrealizedPnl: pnl,
      netPnl: pnl,
      fees: null,
      openDisplay: local(openLegs[0]!.filledAt ?? entry.triggeredAt, zone, 'HH:mm:ss'),
      positionId: openOrder?.positionId ?? null,
      tones: { side: entry.side === 'buy' ? 'success' : 'danger', pnl: pnl === null || pnl === 0 ? 'neutral' : pnl > 0 ? 'success' : 'danger' },
    };
  }
  const t = current?.lastTrade ?? null;
  const closedTrade: Monitor['closedTrade'] =
    t && !activePosition
      ? {
          side: t.side.toUpperCase(),
          filledQty: t.qty,
          averagePrice: t.entryPrice,
          statusLabel: EXIT_LABELS[t.exitReason],
          statusTone: t.winLoss === 'win' ? 'success' : t.winLoss === 'loss' ? 'danger' : 'neutral',
          openedDisplay: local(t.entryAt, zone, 'HH:mm:ss'),
          closedDisplay: local(t.exitAt, zone, 'HH:mm:ss'),
          realizedPnl: t.pnl,
          orderId: orders.find((o) => o.clientOrderId === t.clientOrderId)?.brokerOrderId ?? t.clientOrderId,
          tones: { side: t.side === 'buy' ? 'success' : 'danger', pnl: t.winLoss === 'win' ? 'success' : t.winLoss === 'loss' ? 'danger' : 'neutral' },
        }
      : null;

  const permissions = runPermissions(activeState ?? upcoming ?? current, !bot.enabled);
  const monitor: Monitor = {
    runs: { current: currentRow ? monitorRun(currentRow) : null, upcoming: upcomingRow ? monitorRun(upcomingRow) : null },
    countdown: countdownDisplay,
    rangeCountdown,
    monitoringMessage: current ? monitoringMessage(current) : null,
    orderStatus,
    quote: quote ? { bid: quote.bid, ask: quote.ask, updatedRelative: relative(now - quote.at) } : null,
    quoteStale: quote === null || now - quote.at > STALE_MS,
    activePosition,
    closedTrade,
    events: events.map((e) => ({
      id: String(e.id),
      timeDisplay: DateTime.fromJSDate(e.at, { zone }).toFormat('LLL d, HH:mm:ss'),
      level: e.level,
      tone: LEVEL_TONES[e.level] ?? 'info',
      message: e.message,
    })),
    permissions: { ...permissions, canHardStop: activeState !== null },
    chart: { bars },
  };
  return {
    bot: {
      id: bot.id,
      slug: botSlug({ id: bot.id, label: bot.label }),
      label: bot.label,
      instrument: bot.instrumentSymbol,
      timezone: bot.timezone,
      orbMinutes: bot.orbMinutes,
      orbStartLocal: bot.orbStartLocal,
      status: activeState?.state ?? upcoming?.state ?? current?.state ?? 'unknown',
      enabled: bot.enabled,
      armed: activeState !== null,
      testMode: bot.testMode,
      runDays: bot.runDays,
      orderType: bot.orderType,
      lotSize: Number(bot.lotSize),
      tradingAccountLabel: accountLabel,
      lastRunAt: bot.lastRunAt?.toISOString() ?? null,
    },
    monitor,
    message,
  };
}

// Test drivers: a scripted trading day through step() and the paper broker, the way the
// runner and the backtester wire them.
import {
  createPaperBroker,
  createRun,
  normalizeOrbSettings,
  paperIsFlat,
  paperOnBar,
  paperOnQuote,
  paperSubmit,
  planRun,
  step,
} from '../../src/orb/index.ts';
import type {
  Bar,
  FillModel,
  OrbAction,
  OrbEvent,
  OrbRunState,
  OrbSettings,
  PaperBrokerState,
  RunWindow,
} from '../../src/orb/index.ts';

export const DAY = '2024-07-09'; // a Tuesday in EDT (UTC−4)

export function settingsWith(overrides: Partial<OrbSettings> = {}): OrbSettings {
  return normalizeOrbSettings({ orb_minutes: 15, order_type: 'market', ...overrides });
}

export function windowFor(settings: OrbSettings, day = DAY): RunWindow {
  return planRun(settings, day);
}

/** Epoch ms of a bot-local 'HH:MM' on the test day. */
export function at(w: RunWindow, hhmm: string): number {
  const minutes = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return w.orbStart + (minutes - 570) * 60_000;
}

export function bar(w: RunWindow, hhmm: string, o: number, h: number, l: number, c: number): Bar {
  return { t: at(w, hhmm), o, h, l, c };
}

/** Fifteen quiet bars 09:30–09:44 making a range of exactly 100–110. */
export function rangeBars(w: RunWindow, minutes = 15): Bar[] {
  const bars: Bar[] = [];
  for (let i = 0; i < minutes; i += 1) {
    const t = w.orbStart + i * 60_000;
    bars.push({ t, o: 105, h: i === 3 ? 110 : 107, l: i === 7 ? 100 : 103, c: 105 });
  }
  return bars;
}

export interface Recorded {
  at: number;
  action: OrbAction;
  state: OrbRunState;
}

export interface DayResult {
  state: OrbRunState;
  broker: PaperBrokerState;
  actions: Recorded[];
  /** Every state the run passed through, after each event. */
  states: OrbRunState[];
}

export interface DayOptions {
  quotes?: { at: number; bid: number; ask: number }[];
  commands?: OrbEvent[];
  model?: FillModel;
  dayTrades?: number;
  dayPnl?: number;
  runId?: string;
  paused?: boolean;
}

const ZERO: FillModel = { commissionPerLot: 0, entrySlippage: 0, stopSlippage: 0 };

type Timed = { key: number; rank: number; event: OrbEvent };

export function simulateDay(
  settings: OrbSettings,
  bars: Bar[],
  options: DayOptions = {},
): DayResult {
  const w = windowFor(settings);
  const model = options.model ?? ZERO;
  let run = createRun({
    runId: options.runId ?? 'run-1',
    window: w,
    dayTrades: options.dayTrades ?? 0,
    dayPnl: options.dayPnl ?? 0,
    paused: options.paused ?? false,
  });
  let broker = createPaperBroker();
  const actions: Recorded[] = [];
  const states: OrbRunState[] = [run];

  const deliver = (event: OrbEvent): void => {
    const now = event.type === 'bar' ? event.bar.t + 60_000 : event.at;
    const result = step(run, event, settings);
    run = result.state;
    states.push(run);
    for (const action of result.actions) {
      actions.push({ at: now, action, state: run });
      if (action.type === 'log' || action.type === 'trade_closed') continue;
      const submitted = paperSubmit(broker, action, now, model);
      broker = submitted.state;
      submitted.events.forEach(deliver);
    }
  };

  const timeline: Timed[] = [
    ...bars.map((b) => ({
      key: b.t + 60_000,
      rank: 2,
      event: { type: 'bar', bar: b } as OrbEvent,
    })),
    ...(options.quotes ?? []).map((q) => ({
      key: q.at,
      rank: 0,
      event: { type: 'quote', ...q } as OrbEvent,
    })),
    ...(options.commands ?? []).map((c) => ({ key: 'at' in c ? c.at : 0, rank: 1, event: c })),
  ].sort((a, b) => a.key - b.key || a.rank - b.rank);

  for (const item of timeline) {
    const event = item.event;
    if (event.type === 'quote') broker = paperOnQuote(broker, event.bid, event.ask);
    if (event.type === 'bar' && !paperIsFlat(broker)) {
      const filled = paperOnBar(broker, event.bar, model);
      broker = filled.state;
      filled.events.forEach(deliver);
    }
    deliver(event);
  }
  deliver({ type: 'tick', at: w.flattenAt });
  return { state: run, broker, actions, states };
}

export function ofType<T extends OrbAction['type']>(
  recorded: Recorded[],
  type: T,
): Extract<OrbAction, { type: T }>[] {
  return recorded
    .map((r) => r.action)
    .filter((a): a is Extract<OrbAction, { type: T }> => a.type === type);
}

export function logs(recorded: Recorded[]): string[] {
  return ofType(recorded, 'log').map((a) => a.message);
}

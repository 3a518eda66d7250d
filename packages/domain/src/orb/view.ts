// What the monitor (spec §3.3) shows of a run, derived from the persisted state only.
import { isActive, isTerminal } from './engine-orders.ts';
import { PIPELINE } from './types.ts';
import type { OrbRunState, RunStateName } from './types.ts';

export type StepStatus = 'done' | 'current' | 'pending' | 'failed' | 'skipped';
export type StateTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

export interface RunStep {
  key: string;
  label: string;
  status: StepStatus;
  index: number;
}

export interface RunMetrics {
  orbHigh: number | null;
  orbLow: number | null;
  entryPrice: number | null;
  stopPrice: number | null;
  targetPrice: number | null;
  filledQty: number | null;
}

export const STATE_LABELS: Record<RunStateName, string> = {
  idle: 'Idle',
  armed: 'Armed',
  at_orb: 'Building range',
  range_fetched: 'Range set',
  monitoring: 'Monitoring',
  order_sent: 'Order sent',
  filled: 'In position',
  closed: 'Closed',
  stopped: 'Hard stopped',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const STATE_TONES: Record<RunStateName, StateTone> = {
  idle: 'neutral',
  armed: 'info',
  at_orb: 'info',
  range_fetched: 'info',
  monitoring: 'info',
  order_sent: 'warning',
  filled: 'success',
  closed: 'neutral',
  stopped: 'danger',
  skipped: 'neutral',
  cancelled: 'neutral',
  failed: 'danger',
};

const STEP_LABELS: Record<(typeof PIPELINE)[number] | 'done', string> = {
  idle: 'Run scheduled',
  armed: 'Armed',
  at_orb: 'Opening range',
  range_fetched: 'Range set',
  monitoring: 'Watching for breakout',
  order_sent: 'Order sent',
  filled: 'Position filled',
  done: 'Run complete',
};

export function stateLabel(state: RunStateName): string {
  return STATE_LABELS[state];
}

export function stateTone(state: RunStateName): StateTone {
  return STATE_TONES[state];
}

export { isActive, isTerminal };

/** A finished run with nothing left at the broker: the runner can stop feeding it events. */
export function isSettled(s: OrbRunState): boolean {
  return (
    isTerminal(s.state) &&
    (s.entry === null ||
      s.entry.legs.every(
        (leg) => leg.status !== 'open' && leg.status !== 'sent' && leg.status !== 'accepted',
      ))
  );
}

/**
 * The step list: pipeline steps up to the current one are done; a finished run marks the
 * steps it never reached as skipped and, when it ended badly, the step it ended on as failed.
 */
export function runSteps(s: OrbRunState): RunStep[] {
  const keys = [...PIPELINE, 'done' as const];
  const current = PIPELINE.indexOf(s.state as (typeof PIPELINE)[number]);
  const bad = s.state === 'stopped' || s.state === 'failed';
  return keys.map((key, index) => {
    let status: StepStatus;
    if (current >= 0) {
      status = index < current ? 'done' : index === current ? 'current' : 'pending';
    } else if (key === 'done') {
      status = bad ? 'failed' : s.state === 'closed' ? 'done' : 'skipped';
    } else if (s.state === 'skipped' || s.state === 'cancelled') {
      status = index === 0 ? 'done' : 'skipped';
    } else if (index < s.reached || (index === s.reached && !bad)) {
      status = 'done';
    } else {
      status = index === s.reached ? 'failed' : 'skipped';
    }
    return { key, label: STEP_LABELS[key], status, index };
  });
}

export function runMetrics(s: OrbRunState): RunMetrics {
  const entry = s.entry;
  if (entry !== null) {
    const filled = entry.legs.filter((leg) => leg.fillPrice !== null);
    const filledQty = filled.reduce((sum, leg) => sum + (leg.filledQty ?? leg.qty), 0);
    const first = filled[0] ?? entry.legs[0];
    return {
      orbHigh: s.orbHigh,
      orbLow: s.orbLow,
      entryPrice: first?.fillPrice ?? entry.refPrice,
      stopPrice: entry.stopPrice,
      targetPrice: entry.legs[entry.legs.length - 1]?.targetPrice ?? null,
      filledQty: filled.length > 0 ? filledQty : null,
    };
  }
  const trade = s.lastTrade;
  return {
    orbHigh: s.orbHigh,
    orbLow: s.orbLow,
    entryPrice: trade?.entryPrice ?? null,
    stopPrice: trade?.stopPrice ?? null,
    targetPrice: trade?.targetPrice ?? null,
    filledQty: trade?.qty ?? null,
  };
}

export interface RunPermissions {
  canRunToday: boolean;
  canCancelRun: boolean;
  canPauseBot: boolean;
  canResumeBot: boolean;
  canHardStop: boolean;
}

/** The monitor's control flags for a run, given whether the bot is paused. */
export function runPermissions(s: OrbRunState | null, botPaused: boolean): RunPermissions {
  const active = s !== null && isActive(s.state);
  return {
    canRunToday: s === null || isTerminal(s.state),
    canCancelRun: s !== null && s.state === 'idle',
    canPauseBot: !botPaused,
    canResumeBot: botPaused,
    canHardStop: active,
  };
}

/**
 * Whether the runner should create the next run: never while paused (pause only affects
 * upcoming runs), and only once the previous run of this bot is settled.
 */
export function shouldCreateNextRun(botPaused: boolean, latest: OrbRunState | null): boolean {
  return !botPaused && (latest === null || isSettled(latest));
}

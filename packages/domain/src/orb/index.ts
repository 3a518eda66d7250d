// AlphaORB: the pure opening-range-breakout engine, its schedule, paper broker and backtester.
export type * from './types.ts';
export { PIPELINE } from './types.ts';
export {
  DEFAULT_ORB_SETTINGS,
  DEFAULT_TAKE_PROFITS,
  DEFAULT_TIMEZONE,
  ORB_MINUTES_OPTIONS,
  WEEKDAYS,
  isLocalTime,
  normalizeOrbSettings,
} from './settings.ts';
export { ARM_LEAD_MINUTES, nextRunDay, planRun, runDaysBetween, weekdayOf } from './schedule.ts';
export { RANGE_GRACE_MS, createRun, step } from './engine.ts';
export type { CreateRunInput } from './engine.ts';
export { clientOrderIdFor, formatLocalTime } from './format.ts';
export {
  STATE_LABELS,
  STATE_TONES,
  isActive,
  isSettled,
  isTerminal,
  runMetrics,
  runPermissions,
  runSteps,
  shouldCreateNextRun,
  stateLabel,
  stateTone,
} from './view.ts';
export type { RunMetrics, RunPermissions, RunStep, StateTone, StepStatus } from './view.ts';
export {
  DEFAULT_FILL_MODEL,
  FILL_MODEL_DESCRIPTION,
  createPaperBroker,
  paperIsFlat,
  paperOnBar,
  paperOnQuote,
  paperSubmit,
} from './paper-broker.ts';
export type { FillModel, PaperBrokerState, PaperResult } from './paper-broker.ts';
export { backtest } from './backtest.ts';
export type { BacktestOptions, BacktestResult, BacktestRun } from './backtest.ts';
export { backtestEquityCurve, backtestMaxDrawdown, backtestStats } from './backtest-stats.ts';
export type { BacktestStats, BuyAndHold, EquityPoint } from './backtest-stats.ts';

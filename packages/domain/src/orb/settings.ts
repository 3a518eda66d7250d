import type { OrbMinutes, OrbSettings, TakeProfitLeg, Weekday } from './types.ts';

export const WEEKDAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
export const ORB_MINUTES_OPTIONS: readonly OrbMinutes[] = [5, 15, 30];
export const DEFAULT_TIMEZONE = 'America/New_York';

/**
 * One target at 2R for the whole position: a single bracket order is what members expect from
 * an ORB bot, and 2R keeps the break-even win rate at a third.
 */
export const DEFAULT_TAKE_PROFITS: readonly TakeProfitLeg[] = [{ target_r: 2, size_percent: 100 }];

export const DEFAULT_ORB_SETTINGS: OrbSettings = {
  instrument: 'NAS100',
  timezone: DEFAULT_TIMEZONE,
  orb_minutes: 5,
  orb_start_local: '09:30',
  run_days: [...WEEKDAYS],
  lot_size: 1,
  value_per_point: 1,
  order_type: 'limit',
  breakout_requirement: 'in_candle',
  stop_loss_adjust: 0,
  range_adjust: 0,
  take_profits: [...DEFAULT_TAKE_PROFITS],
  max_attempts: 1,
  risk_max_daily_trades: 1,
  risk_max_daily_loss: null,
  max_spread: null,
  flatten_at_local: '15:55',
  test_mode: false,
};

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isLocalTime(value: unknown): value is string {
  return typeof value === 'string' && HHMM.test(value);
}

/** Minutes after local midnight of an 'HH:MM' string already validated by isLocalTime. */
export function localTimeMinutes(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

function finiteOr(value: unknown, fallback: number, min = -Infinity): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min ? value : fallback;
}

function nullableMoney(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function normalizeLadder(value: unknown): TakeProfitLeg[] {
  if (!Array.isArray(value)) return [...DEFAULT_TAKE_PROFITS];
  const legs = value
    .filter(
      (leg): leg is TakeProfitLeg =>
        typeof leg === 'object' &&
        leg !== null &&
        finiteOr((leg as TakeProfitLeg).target_r, 0) > 0 &&
        finiteOr((leg as TakeProfitLeg).size_percent, 0) > 0,
    )
    .map((leg) => ({ target_r: leg.target_r, size_percent: leg.size_percent }));
  const total = legs.reduce((sum, leg) => sum + leg.size_percent, 0);
  if (legs.length === 0 || total <= 0) return [...DEFAULT_TAKE_PROFITS];
  // Scale to 100 so a ladder of 50/30 still trades the whole lot size.
  return legs.map((leg) => ({
    target_r: leg.target_r,
    size_percent: (leg.size_percent * 100) / total,
  }));
}

/**
 * Fills defaults and repairs invalid values the way the bot form does on save (§5.1, §5.2):
 * an invalid ORB length becomes 5, missing run days become all seven. Adjustments are
 * clamped at 0 so the stop can never move inside the opening range.
 */
export function normalizeOrbSettings(input: Partial<OrbSettings> = {}): OrbSettings {
  const d = DEFAULT_ORB_SETTINGS;
  const runDays = Array.isArray(input.run_days)
    ? WEEKDAYS.filter((day) => input.run_days?.includes(day))
    : [];
  return {
    instrument:
      typeof input.instrument === 'string' && input.instrument.trim() !== ''
        ? input.instrument.trim()
        : d.instrument,
    timezone:
      typeof input.timezone === 'string' && input.timezone !== '' ? input.timezone : d.timezone,
    orb_minutes: ORB_MINUTES_OPTIONS.includes(input.orb_minutes as OrbMinutes)
      ? (input.orb_minutes as OrbMinutes)
      : d.orb_minutes,
    orb_start_local: isLocalTime(input.orb_start_local) ? input.orb_start_local : d.orb_start_local,
    run_days: runDays.length > 0 ? runDays : [...WEEKDAYS],
    lot_size: finiteOr(input.lot_size, d.lot_size, 0),
    value_per_point: finiteOr(input.value_per_point, d.value_per_point, 0),
    order_type:
      input.order_type === 'market'
        ? 'market'
        : input.order_type === 'limit'
          ? 'limit'
          : d.order_type,
    breakout_requirement: input.breakout_requirement === 'close' ? 'close' : 'in_candle',
    stop_loss_adjust: finiteOr(input.stop_loss_adjust, 0, 0),
    range_adjust: finiteOr(input.range_adjust, 0, 0),
    take_profits: normalizeLadder(input.take_profits),
    max_attempts: Math.floor(finiteOr(input.max_attempts, d.max_attempts, 0)),
    risk_max_daily_trades: Math.floor(
      finiteOr(input.risk_max_daily_trades, d.risk_max_daily_trades, 0),
    ),
    risk_max_daily_loss: nullableMoney(input.risk_max_daily_loss),
    max_spread: nullableMoney(input.max_spread),
    flatten_at_local: isLocalTime(input.flatten_at_local)
      ? input.flatten_at_local
      : d.flatten_at_local,
    test_mode: input.test_mode === true,
  };
}

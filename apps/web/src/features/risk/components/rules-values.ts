import type { RiskRules } from '@th/contracts/risk';

/** Rules as their fields hold them: text, blank for a rule not set. */
export type RulesValues = {
  max_daily_loss: { mode: 'money' | 'percent'; value: string };
  max_trade_loss: string;
  max_trades_per_day: string;
  max_open_lots: string;
  allowed_sessions: string[];
  cooldown: { after_losses: string; minutes: string };
  warn_only: boolean;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function rulesValues(rules: RiskRules | null): RulesValues {
  return {
    max_daily_loss: { mode: rules?.max_daily_loss?.mode ?? 'money', value: text(rules?.max_daily_loss?.value) },
    max_trade_loss: text(rules?.max_trade_loss),
    max_trades_per_day: text(rules?.max_trades_per_day),
    max_open_lots: text(rules?.max_open_lots),
    allowed_sessions: rules?.allowed_sessions ?? [],
    cooldown: { after_losses: text(rules?.cooldown?.after_losses), minutes: text(rules?.cooldown?.minutes) },
    warn_only: rules?.warn_only ?? false,
  };
}

/** A number typed in a text box: blank is a rule not set (null); not a number stays text, for the schema to refuse. */
const numberOrNull = (value: unknown) =>
  typeof value !== 'string' ? value : value.trim() === '' ? null : Number.isNaN(Number(value)) ? value : Number(value);

/** The daily loss and the cool-down are set when their amount is typed (both numbers for the cool-down). */
export const rulesReaders = {
  max_daily_loss: (value: unknown) => {
    const daily = value as RulesValues['max_daily_loss'] | null;
    return !daily || typeof daily !== 'object' || daily.value.trim() === '' ? null : { mode: daily.mode, value: numberOrNull(daily.value) };
  },
  max_trade_loss: numberOrNull,
  max_trades_per_day: numberOrNull,
  max_open_lots: numberOrNull,
  allowed_sessions: (value: unknown) => (Array.isArray(value) ? value : value ? [value] : []),
  cooldown: (value: unknown) => {
    const cooldown = value as RulesValues['cooldown'] | null;
    if (!cooldown || typeof cooldown !== 'object') return null;
    if (cooldown.after_losses.trim() === '' && cooldown.minutes.trim() === '') return null;
    return { after_losses: numberOrNull(cooldown.after_losses) ?? undefined, minutes: numberOrNull(cooldown.minutes) ?? undefined };
  },
};

/** The same readers for a preset, whose rules sit under `rules`. */
export const readRules = (value: unknown) => {
  if (!value || typeof value !== 'object') return value;
  const rules = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(rules).map(([key, field]) => [key, key in rulesReaders ? rulesReaders[key as keyof typeof rulesReaders](field) : field]));
};

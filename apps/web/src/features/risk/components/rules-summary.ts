import type { RiskRules } from '@th/contracts/risk';
import { formatMoney } from '@th/domain';

/** One line saying what a set of rules enforces, in the order of the form. */
export function rulesSummary(rules: RiskRules, currency: string): string {
  const money = (value: number) => formatMoney(value, { currency });
  const parts = [
    rules.max_daily_loss &&
      `daily loss ${rules.max_daily_loss.mode === 'money' ? money(rules.max_daily_loss.value) : `${rules.max_daily_loss.value}% of the day's start`}`,
    rules.max_trade_loss !== null && `${money(rules.max_trade_loss)} per trade`,
    rules.max_trades_per_day !== null && `${rules.max_trades_per_day} trades a day`,
    rules.max_open_lots !== null && `${rules.max_open_lots} open lots`,
    rules.allowed_sessions.length > 0 && `only ${rules.allowed_sessions.join(', ')}`,
    rules.cooldown && `${rules.cooldown.minutes} min cool-down after ${rules.cooldown.after_losses} losses`,
  ].filter(Boolean);
  return `${parts.join(' · ')}${rules.warn_only ? ' (warn only)' : ''}`;
}

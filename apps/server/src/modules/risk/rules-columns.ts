import type { RiskRules } from '@th/contracts';
import { moneyText } from '@th/domain';
import type { riskPresets } from '../../db/schema/index.ts';

type RuleRow = Pick<
  typeof riskPresets.$inferSelect,
  'dailyLossMode' | 'dailyLossValue' | 'maxTradeLoss' | 'maxTradesPerDay' | 'maxOpenLots' | 'allowedSessions' | 'cooldownLosses' | 'cooldownMinutes' | 'warnOnly'
>;

/** Rules as the API carries them, from the columns presets and accounts share. */
export function rulesOf(row: RuleRow): RiskRules {
  return {
    max_daily_loss:
      row.dailyLossMode && row.dailyLossValue !== null ? { mode: row.dailyLossMode, value: Number(row.dailyLossValue) } : null,
    max_trade_loss: row.maxTradeLoss === null ? null : Number(row.maxTradeLoss),
    max_trades_per_day: row.maxTradesPerDay,
    max_open_lots: row.maxOpenLots === null ? null : Number(row.maxOpenLots),
    allowed_sessions: row.allowedSessions,
    cooldown: row.cooldownLosses !== null && row.cooldownMinutes !== null ? { after_losses: row.cooldownLosses, minutes: row.cooldownMinutes } : null,
    warn_only: row.warnOnly,
  };
}

/** The columns of a validated set of rules (money as numeric text, never a float). */
export function columnsOf(rules: RiskRules): RuleRow {
  return {
    dailyLossMode: rules.max_daily_loss?.mode ?? null,
    dailyLossValue: rules.max_daily_loss ? moneyText(rules.max_daily_loss.value) : null,
    maxTradeLoss: rules.max_trade_loss === null ? null : moneyText(rules.max_trade_loss),
    maxTradesPerDay: rules.max_trades_per_day,
    maxOpenLots: rules.max_open_lots === null ? null : String(rules.max_open_lots),
    allowedSessions: rules.allowed_sessions,
    cooldownLosses: rules.cooldown?.after_losses ?? null,
    cooldownMinutes: rules.cooldown?.minutes ?? null,
    warnOnly: rules.warn_only,
  };
}

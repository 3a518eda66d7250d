import type { RiskRules } from '@th/contracts';

/** A member's risk rules with nothing set: each test sets only the rule it is about. */
export const NO_RULES: RiskRules = {
  max_daily_loss: null,
  max_trade_loss: null,
  max_trades_per_day: null,
  max_open_lots: null,
  allowed_sessions: [],
  cooldown: null,
  warn_only: false,
};

/** The rules most risk tests protect an account with: a $500 max daily loss and nothing else. */
export const DAILY_LOSS_500: RiskRules = { ...NO_RULES, max_daily_loss: { mode: 'money', value: 500 } };

// Zod-free, so that TradeDesk's lock notice (which shows these names) loads no schemas before its
// first paint (apps/web/build/route-chunks.ts).

/** The rules' names as /risk labels them; `locked` is trading while an account was locked. */
export const RISK_RULE_NAMES: Record<string, string> = {
  daily_loss: 'Max daily loss',
  trade_loss: 'Max loss per trade',
  trades_per_day: 'Max trades per day',
  open_lots: 'Max open lots',
  session: 'Allowed sessions',
  cooldown: 'Cool-down after losses',
  locked: 'Trading while locked',
};

/** "Max daily loss, Max loss per trade": the rules one check found broken, by their names. */
export const riskRuleNamesText = (rules: readonly string[]) => rules.map((rule) => RISK_RULE_NAMES[rule] ?? rule).join(', ');

import type { RuleComplianceDay } from '@th/contracts/risk';

/** A day's verdict against the Risk Manager's rules, in words (never colour alone). */
export const ruleStatusText = (day: RuleComplianceDay) =>
  day.status === 'kept' ? 'Rules kept' : `Rules broken: ${day.broken_rules.join(', ')}`;

import { z } from 'zod';
import { MessageBody, TradingDate } from './common.ts';
import { entryEndpoints } from './client-endpoints.ts';
import { endpoint, withSchemas, type EndpointSchemas } from './endpoint.ts';

/** A required positive number, with the words a member reads when it is blank, not a number or not above 0. */
const positive = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `Enter ${what}.` : `Enter ${what} as a number.`) })
    .refine(Number.isFinite, `Enter ${what} as a number.`)
    .refine((value) => value > 0, `${what[0]!.toUpperCase()}${what.slice(1)} must be above 0.`);

/**
 * The position size calculator's question (Risk Manager): sized in the browser by @th/domain's
 * positionSize, so nothing is sent; the schema is here to be shared with the rules that follow.
 * `account_id` is the linked account whose broker balance fills `balance`, null for a typed one.
 */
export const PositionSizeQuestion = z
  .object({
    account_id: z.string().nullable(),
    balance: positive('the balance'),
    instrument: z.string().min(1, 'Choose an instrument.'),
    risk_mode: z.enum(['percent', 'money']),
    risk: positive('the risk'),
    entry: positive('the entry price'),
    stop: positive('the stop price'),
  })
  .superRefine((q, issues) => {
    if (q.entry === q.stop) issues.addIssue({ code: 'custom', path: ['stop'], message: 'The stop must differ from the entry.' });
    if (q.risk_mode === 'percent' && q.risk > 100)
      issues.addIssue({ code: 'custom', path: ['risk'], message: 'The risk cannot be more than 100% of the balance.' });
    if (q.risk_mode === 'money' && q.risk > q.balance)
      issues.addIssue({ code: 'custom', path: ['risk'], message: 'The risk cannot be more than the balance.' });
  });
export type PositionSizeQuestion = z.infer<typeof PositionSizeQuestion>;

const positiveNumber = (message: string) => z.number({ error: message }).refine((v) => Number.isFinite(v) && v > 0, message);
const wholeNumber = (message: string, max: number) => z.number({ error: message }).int(message).min(1, message).max(max, message);

/**
 * The rules that protect a linked account, or a preset of them. A null limit is a rule not set;
 * an empty allowed_sessions allows every session (names of trading-tools §4.4, Toronto time).
 */
export const RiskRules = z
  .object({
    max_daily_loss: z
      .object({
        mode: z.enum(['money', 'percent']),
        value: positiveNumber('The max daily loss must be above 0.'),
      })
      .nullable(),
    max_trade_loss: positiveNumber('The max loss per trade must be above 0.').nullable(),
    max_trades_per_day: wholeNumber('Max trades per day is a whole number from 1 to 500.', 500).nullable(),
    max_open_lots: positiveNumber('Max open lots must be above 0.').nullable(),
    allowed_sessions: z.array(z.string()).max(6),
    cooldown: z
      .object({
        after_losses: wholeNumber('The cool-down starts after 1 to 20 losses in a row.', 20),
        minutes: wholeNumber('A cool-down lasts 1 to 1,440 minutes.', 1440),
      })
      .nullable(),
    warn_only: z.boolean(),
  })
  .superRefine((rules, issues) => {
    const daily = rules.max_daily_loss;
    if (daily?.mode === 'percent' && daily.value > 100)
      issues.addIssue({ code: 'custom', path: ['max_daily_loss', 'value'], message: 'The max daily loss cannot be more than 100% of the start-of-day balance.' });
    if (daily?.mode === 'money' && rules.max_trade_loss !== null && rules.max_trade_loss > daily.value)
      issues.addIssue({ code: 'custom', path: ['max_trade_loss'], message: 'The max loss per trade cannot be more than the max daily loss.' });
    if (new Set(rules.allowed_sessions).size !== rules.allowed_sessions.length)
      issues.addIssue({ code: 'custom', path: ['allowed_sessions'], message: 'Each session can be allowed only once.' });
    const set = daily || rules.max_trade_loss || rules.max_trades_per_day || rules.max_open_lots || rules.cooldown || rules.allowed_sessions.length > 0;
    if (!set) issues.addIssue({ code: 'custom', path: ['max_daily_loss'], message: 'Set at least one rule.' });
  });
export type RiskRules = z.infer<typeof RiskRules>;

export const RiskPresetRequest = z.object({
  name: z.string().trim().min(1, 'Name the preset.').max(60, 'A preset name is at most 60 characters.'),
  rules: RiskRules,
});
export type RiskPresetRequest = z.infer<typeof RiskPresetRequest>;

export const RiskPreset = z.object({ id: z.string(), name: z.string(), rules: RiskRules, updated_at: z.string() });
export type RiskPreset = z.infer<typeof RiskPreset>;

/** A linked account as the Risk Manager shows it: its balance and the rules protecting it, if any. */
export const RiskAccount = z.object({
  account_id: z.string(),
  label: z.string(),
  balance: z.number().nullable(),
  currency: z.string(),
  rules: RiskRules.nullable(),
  preset_id: z.string().nullable(),
  rules_updated_at: z.string().nullable(),
});
export type RiskAccount = z.infer<typeof RiskAccount>;

export const RiskOverview = z.object({ data: z.object({ accounts: z.array(RiskAccount), presets: z.array(RiskPreset) }) });

export const RiskRuleChange = z.object({
  id: z.number().int(),
  subject: z.enum(['account', 'preset']),
  subject_id: z.string(),
  subject_label: z.string(),
  action: z.enum(['set', 'removed', 'created', 'deleted', 'applied']),
  before: RiskRules.nullable(),
  after: RiskRules.nullable(),
  at: z.string(),
});
export type RiskRuleChange = z.infer<typeof RiskRuleChange>;

export const ApplyRiskPresetRequest = z.object({
  account_ids: z.array(z.string()).min(1, 'Choose at least one account.').max(50),
});

export { RISK_RULE_NAMES, riskRuleNamesText } from './risk-rule-names.ts';

/**
 * Enforcement (issue #22): the lock of one linked account, as the Risk Manager holds it. A lock
 * ends at `locked_until` (the next Toronto trading day, or the end of a cool-down); money in
 * `numbers` is decimal text, as the broker reported it when the rule tripped.
 */
export const RiskLock = z.object({
  account_id: z.string(),
  label: z.string(),
  currency: z.string(),
  protected: z.boolean(),
  locked: z.boolean(),
  locked_until: z.string().nullable(),
  locked_at: z.string().nullable(),
  /** The first rule broken; `rules` lists every rule the check that locked found broken. */
  rule: z.string().nullable(),
  rules: z.array(z.string()),
  message: z.string().nullable(),
  numbers: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  trading_day: z.string().nullable(),
  start_balance: z.string().nullable(),
  last_checked_at: z.string().nullable(),
  /** The last pass's broker trouble; a lost connection never unlocks. */
  last_error: z.string().nullable(),
  /** Actions the broker refused so far (retried with backoff). */
  failed_actions: z.number().int(),
});
export type RiskLock = z.infer<typeof RiskLock>;

export const RiskReviewAction = z.object({
  id: z.number().int(),
  kind: z.enum(['cancel_order', 'close_position', 'pause_bots']),
  detail: z.string(),
  status: z.enum(['planned', 'sent', 'done', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  updated_at: z.string(),
});
export type RiskReviewAction = z.infer<typeof RiskReviewAction>;

/** One entry of the review log: a breach (flattened and locked), a warning, or trading while locked. */
export const RiskReviewEvent = z.object({
  id: z.number().int(),
  account_id: z.string(),
  account_label: z.string(),
  kind: z.enum(['breach', 'warning', 'relock']),
  /** The first rule broken; `rules` lists every rule the check found broken. */
  rule: z.string(),
  rules: z.array(z.string()),
  message: z.string(),
  numbers: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  trading_day: z.string(),
  locked_until: z.string().nullable(),
  at: z.string(),
  actions: z.array(RiskReviewAction),
});
export type RiskReviewEvent = z.infer<typeof RiskReviewEvent>;

/** The longest range one compliance request covers: a year of days. */
export const RULE_COMPLIANCE_MAX_DAYS = 366;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Toronto trading dates from–to, both included (a TradeDesk month, a daily log's one day), on
 * one linked account (TradeDesk's account filter) or, without `account_id`, on all of them.
 */
export const RuleComplianceQuery = z
  .object({
    from: z.string({ error: 'Choose a From date.' }).pipe(TradingDate),
    to: z.string({ error: 'Choose a To date.' }).pipe(TradingDate),
    account_id: z.string().max(64).optional(),
  })
  .superRefine((q, issues) => {
    if (q.to < q.from) issues.addIssue({ code: 'custom', path: ['to'], message: 'The To date must be on or after the From date.' });
    else if (dayNumber(q.to) - dayNumber(q.from) + 1 > RULE_COMPLIANCE_MAX_DAYS)
      issues.addIssue({ code: 'custom', path: ['to'], message: `Ask for at most ${RULE_COMPLIANCE_MAX_DAYS} days at a time.` });
  });
export type RuleComplianceQuery = z.input<typeof RuleComplianceQuery>;

/**
 * One Toronto trading day against the member's rules: broken when a rule was broken on any
 * linked account (a warn-only rule too), kept when rules were in force and none was broken.
 * Days without rules in force are left out. `broken_rules` are the rules' names as on /risk.
 */
export const RuleComplianceDay = z.object({
  date: z.string(),
  status: z.enum(['kept', 'broken']),
  broken_rules: z.array(z.string()),
});
export type RuleComplianceDay = z.infer<typeof RuleComplianceDay>;

const AccountParams = z.object({ accountId: z.string() });
const PresetParams = z.object({ presetId: z.string() });

/** TradeDesk's lock notice and rule marks (zod-free declarations in client-endpoints.ts). */
export const listRiskLocksSchemas = { tags: ['risk'], response: { 200: z.object({ data: z.array(RiskLock) }) } } satisfies EndpointSchemas;
export const getRuleComplianceSchemas = {
  tags: ['risk'],
  query: RuleComplianceQuery,
  response: { 200: z.object({ data: z.array(RuleComplianceDay) }) },
} satisfies EndpointSchemas;

export const riskEndpoints = {
  getRiskOverview: endpoint({ method: 'GET', path: '/api/risk', tags: ['risk'], response: { 200: RiskOverview } }),
  saveAccountRules: endpoint({
    method: 'PUT',
    path: '/api/risk/accounts/:accountId/rules',
    tags: ['risk'],
    params: AccountParams,
    body: RiskRules,
    response: { 200: z.object({ data: RiskAccount }) },
  }),
  removeAccountRules: endpoint({
    method: 'DELETE',
    path: '/api/risk/accounts/:accountId/rules',
    tags: ['risk'],
    params: AccountParams,
    response: { 200: z.object({ data: RiskAccount }) },
  }),
  createPreset: endpoint({
    method: 'POST',
    path: '/api/risk/presets',
    tags: ['risk'],
    body: RiskPresetRequest,
    response: { 201: z.object({ data: RiskPreset }) },
  }),
  deletePreset: endpoint({
    method: 'DELETE',
    path: '/api/risk/presets/:presetId',
    tags: ['risk'],
    params: PresetParams,
    response: { 200: MessageBody },
  }),
  applyPreset: endpoint({
    method: 'POST',
    path: '/api/risk/presets/:presetId/apply',
    tags: ['risk'],
    params: PresetParams,
    body: ApplyRiskPresetRequest,
    response: { 200: z.object({ data: z.array(RiskAccount) }) },
  }),
  listRiskLocks: withSchemas(entryEndpoints.listRiskLocks, listRiskLocksSchemas),
  getAccountLock: endpoint({
    method: 'GET',
    path: '/api/risk/accounts/:accountId/lock',
    tags: ['risk'],
    params: AccountParams,
    response: { 200: z.object({ data: RiskLock }) },
  }),
  listRiskReview: endpoint({
    method: 'GET',
    path: '/api/risk/review',
    tags: ['risk'],
    response: { 200: z.object({ data: z.array(RiskReviewEvent) }) },
  }),
  getRuleCompliance: withSchemas(entryEndpoints.getRuleCompliance, getRuleComplianceSchemas),
  listRuleChanges: endpoint({
    method: 'GET',
    path: '/api/risk/changes',
    tags: ['risk'],
    response: { 200: z.object({ data: z.array(RiskRuleChange) }) },
  }),
};

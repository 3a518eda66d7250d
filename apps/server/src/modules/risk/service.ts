/**
 * The Risk Manager's rules: one set per linked account, and presets applied to several at once.
 * Every row is the member's own (another member's account or preset answers 404 like a missing
 * one), and every change is written to the review log with the rules before and after, in the
 * same transaction as the change.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { RiskAccount, RiskPreset, RiskPresetRequest, RiskRuleChange, RiskRules } from '@th/contracts';
import { formatMoney, SESSION_LABELS } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { riskAccountRules, riskPresets, riskRuleChanges, tradingAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { RISK_ENFORCE_JOB } from './jobs.ts';
import { columnsOf, rulesOf } from './rules-columns.ts';
import { isUuid } from '../../lib/ids.ts';

type AccountRow = typeof tradingAccounts.$inferSelect;
type RulesRow = typeof riskAccountRules.$inferSelect;
type PresetRow = typeof riskPresets.$inferSelect;

const labelOf = (account: AccountRow) => account.label?.trim() || account.name;

function riskAccountOf(account: AccountRow, rules: RulesRow | undefined): RiskAccount {
  return {
    account_id: account.id,
    label: labelOf(account),
    balance: account.balance === null ? null : Number(account.balance),
    currency: account.currency,
    rules: rules ? rulesOf(rules) : null,
    preset_id: rules?.presetId ?? null,
    rules_updated_at: rules?.updatedAt.toISOString() ?? null,
  };
}

const presetOf = (row: PresetRow): RiskPreset => ({ id: row.id, name: row.name, rules: rulesOf(row), updated_at: row.updatedAt.toISOString() });

/**
 * What the schema cannot see: session names, and limits against this account's balance as last
 * read from the broker (a daily loss above it could never trip).
 */
function checkRules(rules: RiskRules, account: AccountRow | null): void {
  const unknown = rules.allowed_sessions.filter((name) => !(SESSION_LABELS as readonly string[]).includes(name));
  if (unknown.length > 0) throw AppError.invalid('allowed_sessions', `Choose sessions from: ${SESSION_LABELS.join(', ')}.`);
  const balance = account?.balance === null || account === null ? null : Number(account.balance);
  if (balance === null) return;
  const money = (value: number) => formatMoney(value, { currency: account!.currency });
  if (rules.max_daily_loss?.mode === 'money' && rules.max_daily_loss.value > balance)
    throw AppError.invalid('max_daily_loss.value', `The max daily loss cannot be more than the account's balance (${money(balance)}).`);
  if (rules.max_trade_loss !== null && rules.max_trade_loss > balance)
    throw AppError.invalid('max_trade_loss', `The max loss per trade cannot be more than the account's balance (${money(balance)}).`);
}

async function ownedAccount(db: Executor, userId: string, accountId: string): Promise<AccountRow> {
  const [row] = isUuid(accountId)
    ? await db.select().from(tradingAccounts).where(and(eq(tradingAccounts.id, accountId), eq(tradingAccounts.userId, userId)))
    : [];
  if (!row) throw new AppError('not_found', 'Trading account not found.');
  return row;
}

async function ownedPreset(db: Executor, userId: string, presetId: string): Promise<PresetRow> {
  const [row] = isUuid(presetId) ? await db.select().from(riskPresets).where(and(eq(riskPresets.id, presetId), eq(riskPresets.userId, userId))) : [];
  if (!row) throw new AppError('not_found', 'Preset not found.');
  return row;
}

async function rulesOfAccount(db: Executor, accountId: string): Promise<RulesRow | undefined> {
  const [row] = await db.select().from(riskAccountRules).where(eq(riskAccountRules.tradingAccountId, accountId));
  return row;
}

type Change = Omit<typeof riskRuleChanges.$inferInsert, 'id' | 'createdAt'>;
/** Logged at the service's clock, not the database's: compliance per day reads when rules were in force. */
const record = (db: Executor, at: Date, change: Change) => db.insert(riskRuleChanges).values({ ...change, createdAt: at });

export async function getRiskOverview(ctx: AppContext, userId: string) {
  const [accounts, rules, presets] = await Promise.all([
    ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, userId)).orderBy(asc(tradingAccounts.createdAt)),
    ctx.db.select().from(riskAccountRules).where(eq(riskAccountRules.userId, userId)),
    ctx.db.select().from(riskPresets).where(eq(riskPresets.userId, userId)).orderBy(asc(riskPresets.name)),
  ]);
  const byAccount = new Map(rules.map((row) => [row.tradingAccountId, row]));
  return {
    data: {
      accounts: accounts.map((account) => riskAccountOf(account, byAccount.get(account.id))),
      presets: presets.map(presetOf),
    },
  };
}

/** Sets one account's rules (from a preset when presetId is given), logging the change. */
async function putRules(db: Executor, at: Date, userId: string, account: AccountRow, rules: RiskRules, presetId: string | null, action: 'set' | 'applied') {
  const before = await rulesOfAccount(db, account.id);
  const values = { ...columnsOf(rules), presetId, updatedAt: at };
  const [saved] = await db
    .insert(riskAccountRules)
    .values({ userId, tradingAccountId: account.id, ...values })
    .onConflictDoUpdate({ target: riskAccountRules.tradingAccountId, set: values })
    .returning();
  await record(db, at, {
    userId,
    subject: 'account',
    subjectId: account.id,
    subjectLabel: labelOf(account),
    action,
    before: before ? rulesOf(before) : null,
    after: rules,
  });
  return riskAccountOf(account, saved);
}

/**
 * Rules just set are watched at once: a worker starts its enforcement loop (if it has not yet),
 * whose next five-second pass checks them, instead of waiting for the minute's cron.
 */
async function watchNow(ctx: AppContext) {
  await ctx.jobs.send(RISK_ENFORCE_JOB, {}, { singletonKey: RISK_ENFORCE_JOB, singletonSeconds: 5 }).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'risk enforcement not queued; the cron starts it within a minute');
  });
}

export async function saveAccountRules(ctx: AppContext, userId: string, accountId: string, rules: RiskRules) {
  const saved = await ctx.db.transaction(async (tx) => {
    const account = await ownedAccount(tx, userId, accountId);
    checkRules(rules, account);
    return { data: await putRules(tx, ctx.now(), userId, account, rules, null, 'set') };
  });
  await watchNow(ctx);
  return saved;
}

export async function removeAccountRules(ctx: AppContext, userId: string, accountId: string) {
  return ctx.db.transaction(async (tx) => {
    const account = await ownedAccount(tx, userId, accountId);
    const [removed] = await tx.delete(riskAccountRules).where(eq(riskAccountRules.tradingAccountId, account.id)).returning();
    if (removed)
      await record(tx, ctx.now(), { userId, subject: 'account', subjectId: account.id, subjectLabel: labelOf(account), action: 'removed', before: rulesOf(removed), after: null });
    return { data: riskAccountOf(account, undefined) };
  });
}

export async function createPreset(ctx: AppContext, userId: string, body: RiskPresetRequest) {
  checkRules(body.rules, null);
  return ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: riskPresets.id }).from(riskPresets).where(and(eq(riskPresets.userId, userId), eq(riskPresets.name, body.name)));
    if (taken) throw AppError.invalid('name', 'You already have a preset with this name.');
    const [preset] = await tx.insert(riskPresets).values({ userId, name: body.name, ...columnsOf(body.rules) }).returning();
    await record(tx, ctx.now(), { userId, subject: 'preset', subjectId: preset!.id, subjectLabel: preset!.name, action: 'created', before: null, after: body.rules });
    return { data: presetOf(preset!) };
  });
}

export async function deletePreset(ctx: AppContext, userId: string, presetId: string) {
  return ctx.db.transaction(async (tx) => {
    const preset = await ownedPreset(tx, userId, presetId);
    await tx.delete(riskPresets).where(eq(riskPresets.id, preset.id));
    await record(tx, ctx.now(), { userId, subject: 'preset', subjectId: preset.id, subjectLabel: preset.name, action: 'deleted', before: rulesOf(preset), after: null });
    return { message: 'Preset deleted.' };
  });
}

/** Copies a preset's rules onto each account chosen: all or none (one account's bad limit refuses the lot). */
export async function applyPreset(ctx: AppContext, userId: string, presetId: string, accountIds: string[]) {
  const result = await ctx.db.transaction(async (tx) => {
    const preset = await ownedPreset(tx, userId, presetId);
    const rules = rulesOf(preset);
    const ids = [...new Set(accountIds)];
    const accounts = ids.every(isUuid)
      ? await tx.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, userId), inArray(tradingAccounts.id, ids)))
      : [];
    if (accounts.length !== ids.length) throw new AppError('not_found', 'Trading account not found.');
    for (const account of accounts) {
      try {
        checkRules(rules, account);
      } catch (error) {
        if (error instanceof AppError) throw AppError.invalid('account_ids', `${labelOf(account)}: ${error.message}`);
        throw error;
      }
    }
    const applied = [];
    for (const account of accounts) applied.push(await putRules(tx, ctx.now(), userId, account, rules, preset.id, 'applied'));
    return { data: applied };
  });
  await watchNow(ctx);
  return result;
}

export async function listRuleChanges(ctx: AppContext, userId: string): Promise<{ data: RiskRuleChange[] }> {
  const rows = await ctx.db
    .select()
    .from(riskRuleChanges)
    .where(eq(riskRuleChanges.userId, userId))
    .orderBy(desc(riskRuleChanges.createdAt), desc(riskRuleChanges.id))
    .limit(200);
  return {
    data: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      subject_id: row.subjectId,
      subject_label: row.subjectLabel,
      action: row.action,
      before: row.before as RiskRules | null,
      after: row.after as RiskRules | null,
      at: row.createdAt.toISOString(),
    })),
  };
}

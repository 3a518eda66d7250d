import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DUPLICATE_PLAYBOOK_NAME, type Playbook } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { journalTradeEntries, playbooks } from '../../db/schema/index.ts';
import type { PlaybookRuleJson } from '../../db/schema/playbooks.ts';
import { AppError } from '../../errors.ts';
import { plainText } from '../../lib/html.ts';

type PlaybookRow = typeof playbooks.$inferSelect;
type ParsedRequest = { name: string; description?: string | null | undefined; rules: { id?: string | undefined; text: string }[] };

const notFound = () => new AppError('not_found', 'Playbook not found.');

/** Postgres unique violation (playbooks_user_name_key), when two saves race for one name. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, cause } = error as { code?: string; cause?: unknown };
  return code === '23505' || isUniqueViolation(cause);
}

function playbookOf(row: PlaybookRow, trades: number): Playbook {
  return {
    id: String(row.id),
    name: row.name,
    description: row.description,
    rules: row.rules,
    trades,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The member's playbook by its public id, or null (another member's is as missing as none). */
export async function findMemberPlaybook(db: Executor, userId: string, playbookId: string): Promise<PlaybookRow | null> {
  if (!/^\d{1,18}$/.test(playbookId)) return null;
  const [row] = await db
    .select()
    .from(playbooks)
    .where(and(eq(playbooks.userId, userId), eq(playbooks.id, Number(playbookId))));
  return row ?? null;
}

async function tradesUnder(db: Executor, userId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ playbookId: journalTradeEntries.playbookId, trades: sql<number>`count(*)::int` })
    .from(journalTradeEntries)
    .where(and(eq(journalTradeEntries.userId, userId), sql`${journalTradeEntries.playbookId} is not null`))
    .groupBy(journalTradeEntries.playbookId);
  return new Map(rows.map((row) => [row.playbookId!, Number(row.trades)]));
}

/**
 * The rules as sent, in order: a rule sent with the id of one the playbook has keeps it (its
 * ticks on trades stay); any other gets a new random id, never one a removed rule had (old
 * ticks must not tick a new rule).
 */
function rulesOf(sent: ParsedRequest['rules'], current: readonly PlaybookRuleJson[]): PlaybookRuleJson[] {
  const known = new Set(current.map((rule) => rule.id));
  const used = new Set<string>();
  return sent.map((rule) => {
    const text = plainText(rule.text) ?? '';
    if (rule.id && known.has(rule.id) && !used.has(rule.id)) {
      used.add(rule.id);
      return { id: rule.id, text };
    }
    return { id: randomBytes(6).toString('hex'), text };
  });
}

function columnsOf(body: ParsedRequest, current: readonly PlaybookRuleJson[]) {
  const name = plainText(body.name) ?? '';
  if (!name) throw AppError.invalid('name', 'Name is required.');
  return { name, description: plainText(body.description ?? null) || null, rules: rulesOf(body.rules, current) };
}

async function nameTaken(db: Executor, userId: string, name: string, except: number | null) {
  const [row] = await db
    .select({ id: playbooks.id })
    .from(playbooks)
    .where(and(eq(playbooks.userId, userId), sql`lower(${playbooks.name}) = lower(${name})`));
  return row !== undefined && row.id !== except;
}

async function withNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.invalid('name', DUPLICATE_PLAYBOOK_NAME);
    throw error;
  }
}

/** GET /api/playbooks: the member's playbooks by name, each with how many trades it holds. */
export async function listPlaybooks(ctx: AppContext, userId: string) {
  const [rows, counts] = await Promise.all([
    ctx.db.select().from(playbooks).where(eq(playbooks.userId, userId)).orderBy(asc(sql`lower(${playbooks.name})`)),
    tradesUnder(ctx.db, userId),
  ]);
  return { data: rows.map((row) => playbookOf(row, counts.get(row.id) ?? 0)) };
}

export async function getPlaybook(ctx: AppContext, userId: string, playbookId: string) {
  const row = await findMemberPlaybook(ctx.db, userId, playbookId);
  if (!row) throw notFound();
  const counts = await tradesUnder(ctx.db, userId);
  return { data: playbookOf(row, counts.get(row.id) ?? 0) };
}

export async function createPlaybook(ctx: AppContext, userId: string, body: ParsedRequest) {
  const columns = columnsOf(body, []);
  if (await nameTaken(ctx.db, userId, columns.name, null)) throw AppError.invalid('name', DUPLICATE_PLAYBOOK_NAME);
  const [row] = await withNameCheck(() =>
    ctx.db
      .insert(playbooks)
      .values({ userId, ...columns, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning(),
  );
  return { data: playbookOf(row!, 0) };
}

export async function updatePlaybook(ctx: AppContext, userId: string, playbookId: string, body: ParsedRequest) {
  const current = await findMemberPlaybook(ctx.db, userId, playbookId);
  if (!current) throw notFound();
  const columns = columnsOf(body, current.rules);
  if (await nameTaken(ctx.db, userId, columns.name, current.id)) throw AppError.invalid('name', DUPLICATE_PLAYBOOK_NAME);
  const [row] = await withNameCheck(() =>
    ctx.db
      .update(playbooks)
      .set({ ...columns, updatedAt: ctx.now() })
      .where(and(eq(playbooks.userId, userId), eq(playbooks.id, current.id)))
      .returning(),
  );
  if (!row) throw notFound();
  const counts = await tradesUnder(ctx.db, userId);
  return { data: playbookOf(row, counts.get(row.id) ?? 0) };
}

/**
 * Its trades stay, without a playbook: the foreign key sets their playbook null, and ticks
 * are read only under a playbook (a new one's are written afresh).
 */
export async function deletePlaybook(ctx: AppContext, userId: string, playbookId: string) {
  const current = await findMemberPlaybook(ctx.db, userId, playbookId);
  if (!current) throw notFound();
  await ctx.db.delete(playbooks).where(and(eq(playbooks.userId, userId), eq(playbooks.id, current.id)));
  return { message: 'Playbook deleted.' };
}

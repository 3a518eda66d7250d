import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reusedAnswer } from '../../lib/reused-answers.ts';
import { prepared } from '../../db/prepared.ts';
import { tradeRevisions } from '../../db/schema/index.ts';

const revisionQuery = prepared((db) =>
  db
    .select({ revision: tradeRevisions.revision })
    .from(tradeRevisions)
    .where(eq(tradeRevisions.userId, sql.placeholder('userId')))
    .prepare('trade_revision'),
);

/**
 * The member's trade revision: it moves in the same transaction as any write to their trades or
 * linked accounts (database triggers, migration 0001), so it tells whether an answer derived from
 * them can still be reused. 0 before their first trade.
 */
export async function tradeRevision(ctx: AppContext, userId: string): Promise<number> {
  const [row] = await revisionQuery(ctx.db).execute({ userId });
  return Number(row?.revision ?? 0);
}

const MAX_MEMBERS = 2_000;
const MAX_ENTRIES_PER_MEMBER = 64;

type MemberEntries = { revision: number; entries: Map<string, unknown> };

/**
 * Answers derived from a member's trades, kept per app instance and valid only for the revision
 * they were computed at. Every read checks the revision in the database first, so a write made
 * through any instance (or a sync on the worker) is seen at once; nothing is ever invalidated
 * by message. An answer computed after the revision was read may be newer than that revision,
 * never older, so it can be stored under it.
 */
export class TradeAnswers {
  private readonly members = new Map<string, MemberEntries>();

  get<T>(userId: string, revision: number, key: string): T | undefined {
    const member = this.members.get(userId);
    if (!member || member.revision !== revision) return undefined;
    // Map order is the recency order: re-inserting keeps busy members and drops idle ones.
    this.members.delete(userId);
    this.members.set(userId, member);
    return member.entries.get(key) as T | undefined;
  }

  set(userId: string, revision: number, key: string, value: unknown) {
    let member = this.members.get(userId);
    if (!member || member.revision < revision) member = { revision, entries: new Map() };
    else if (member.revision > revision) return;
    this.members.delete(userId);
    this.members.set(userId, member);
    member.entries.delete(key);
    member.entries.set(key, value);
    if (member.entries.size > MAX_ENTRIES_PER_MEMBER)
      member.entries.delete(member.entries.keys().next().value!);
    if (this.members.size > MAX_MEMBERS) this.members.delete(this.members.keys().next().value!);
  }

  /** The cached answer for this revision, else `compute()`'s, remembered. */
  async through<T>(
    userId: string,
    revision: number,
    key: string,
    compute: () => Promise<T>,
  ): Promise<T> {
    const hit = this.get<T>(userId, revision, key);
    if (hit !== undefined) return hit;
    const value = await compute();
    // Objects sent as whole responses are then encoded once, not on every repeat.
    if (typeof value === 'object' && value !== null) reusedAnswer(value);
    this.set(userId, revision, key, value);
    return value;
  }
}

const answers = new WeakMap<AppContext, TradeAnswers>();

/** The app instance's cache of trade answers (one per context, so test apps never share). */
export function tradeAnswers(ctx: AppContext): TradeAnswers {
  let cache = answers.get(ctx);
  if (!cache) answers.set(ctx, (cache = new TradeAnswers()));
  return cache;
}

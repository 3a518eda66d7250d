import type { AppContext } from '../../context.ts';
import { reusedAnswer } from '../../lib/reused-answers.ts';

/**
 * The member a cached read is for, with their trade revision as read with their token (see
 * plugins/auth.ts). The revision moves in the same transaction as any write to their trades or
 * linked accounts (database triggers, migration 0001), so it tells whether an answer derived
 * from them can still be reused. 0 before their first trade.
 */
export type RevisionedMember = { userId: string; tradeRevision: number };

/** Memory bound, counted in trades held (a page of 400 trades weighs 401). */
const MAX_WEIGHT = 50_000;
const MAX_ENTRIES_PER_MEMBER = 64;

type Entry = { value: unknown; weight: number };
type MemberEntries = { revision: number; entries: Map<string, Entry>; weight: number };

/**
 * Answers derived from a member's trades, kept per app instance and valid only for the revision
 * they were computed at. Every request reads the revision from the database, so a write made
 * through any instance (or a sync on the worker) is seen at once; nothing is ever invalidated
 * by message. An answer computed after the revision was read may be newer than that revision,
 * never older, so it can be stored under it. Least recently seen members are dropped first.
 */
export class TradeAnswers {
  private readonly members = new Map<string, MemberEntries>();
  private weight = 0;

  get<T>(userId: string, revision: number, key: string): T | undefined {
    const member = this.members.get(userId);
    if (!member || member.revision !== revision) return undefined;
    // Map order is the recency order: re-inserting keeps busy members and drops idle ones.
    this.members.delete(userId);
    this.members.set(userId, member);
    return member.entries.get(key)?.value as T | undefined;
  }

  set(userId: string, revision: number, key: string, value: unknown, weight = 1) {
    let member = this.members.get(userId);
    if (member && member.revision > revision) return;
    if (!member || member.revision < revision) {
      this.drop(userId);
      member = { revision, entries: new Map(), weight: 0 };
    }
    this.members.delete(userId);
    this.members.set(userId, member);
    this.remove(member, key);
    member.entries.set(key, { value, weight });
    member.weight += weight;
    this.weight += weight;
    if (member.entries.size > MAX_ENTRIES_PER_MEMBER) this.remove(member, member.entries.keys().next().value!);
    for (const oldest of this.members.keys()) {
      if (this.weight <= MAX_WEIGHT || oldest === userId) break;
      this.drop(oldest);
    }
  }

  /** The cached answer for this revision, else `compute()`'s, remembered. */
  async through<T>(
    member: RevisionedMember,
    key: string,
    compute: () => Promise<T>,
    weigh: (value: T) => number = () => 1,
  ): Promise<T> {
    const hit = this.get<T>(member.userId, member.tradeRevision, key);
    if (hit !== undefined) return hit;
    const value = await compute();
    // Objects sent as whole responses are then encoded once, not on every repeat.
    if (typeof value === 'object' && value !== null) reusedAnswer(value);
    this.set(member.userId, member.tradeRevision, key, value, weigh(value));
    return value;
  }

  private remove(member: MemberEntries, key: string) {
    const entry = member.entries.get(key);
    if (!entry) return;
    member.entries.delete(key);
    member.weight -= entry.weight;
    this.weight -= entry.weight;
  }

  private drop(userId: string) {
    const member = this.members.get(userId);
    if (!member) return;
    this.members.delete(userId);
    this.weight -= member.weight;
  }
}

/** The app instance's cache of trade answers (one per context, so test apps never share). */
export function tradeAnswers(ctx: AppContext): TradeAnswers {
  return (ctx.memory.tradeAnswers ??= new TradeAnswers());
}

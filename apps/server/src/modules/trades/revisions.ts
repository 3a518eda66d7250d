import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context.ts';
import { reusedAnswer } from '../../lib/reused-answers.ts';
import { SharedComputations } from '../../lib/revisioned-answers.ts';

/**
 * The member a cached read is for, with their trade revision as read with their token (see
 * plugins/auth.ts). The revision moves in the same transaction as any write to their trades or
 * linked accounts (database triggers, migration 0001), so it tells whether an answer derived
 * from them can still be reused. 0 before their first trade.
 */
export type RevisionedMember = { userId: string; tradeRevision: number };

/** Memory bound, counted in trades held (a page of 400 trades weighs 401). */
const MAX_WEIGHT = 50_000;
/** Answers kept per member; their weight is kept under the bound too, so lru-cache never refuses one. */
const MAX_ENTRIES_PER_MEMBER = 64;

/** Members whose answers asked once are remembered (their keys: at most 64 each, about 100 bytes a key). */
const MAX_MEMBERS_ASKED_ONCE = 1_000;

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
  private readonly members: LRUCache<string, MemberEntries>;
  private readonly computations = new SharedComputations();
  /** Keys only (no answer, whatever the revision): members seen longest ago go first. */
  private readonly askedOnce = new LRUCache<string, Set<string>>({ max: MAX_MEMBERS_ASKED_ONCE });

  constructor(private readonly bounds = { weight: MAX_WEIGHT, perMember: MAX_ENTRIES_PER_MEMBER }) {
    this.members = new LRUCache({ maxSize: bounds.weight, sizeCalculation: (member) => member.weight });
  }

  get<T>(userId: string, revision: number, key: string): T | undefined {
    const member = this.members.peek(userId);
    if (!member || member.revision !== revision) return undefined;
    const entry = member.entries.get(key);
    if (!entry) return undefined;
    // Only a current answer makes the member recent: one seen at another revision may go first.
    this.members.get(userId);
    // And the answer within the member's: the filter choices, read by every page, stay while the
    // pages read once go first.
    member.entries.delete(key);
    member.entries.set(key, entry);
    return entry.value as T;
  }

  set(userId: string, revision: number, key: string, value: unknown, weight = 1) {
    if (weight > this.bounds.weight) return;
    const member = this.members.peek(userId);
    if (member && member.revision > revision) return;
    const same = member?.revision === revision ? member : undefined;
    const entries = same?.entries ?? new Map<string, Entry>();
    let total = (same?.weight ?? 0) + weight - (entries.get(key)?.weight ?? 0);
    entries.delete(key);
    entries.set(key, { value, weight });
    // The member's oldest answers go first; the new one alone is within the bound.
    while (entries.size > this.bounds.perMember || total > this.bounds.weight) {
      const [oldest, entry] = entries.entries().next().value!;
      entries.delete(oldest);
      total -= entry.weight;
    }
    // A new object each time: lru-cache weighs a value when it is set, and only a new one. Setting
    // makes the member the most recent; the members seen longest ago go until the total fits.
    this.members.set(userId, { revision, entries, weight: total });
  }

  /**
   * Like `through`, for answers cheap to compute again and mostly asked once: one is kept only
   * when asked again while it is among the member's last answers asked once (as many as the
   * member keeps answers: one asked again later would have been pushed out before it was), so
   * answers asked once never push out those asked again. Until then the requests asking for it
   * at once share one computation, not kept.
   */
  async throughOnceAskedAgain<T>(member: RevisionedMember, key: string, compute: () => Promise<T>, weigh?: (value: T) => number): Promise<T> {
    const hit = this.get<T>(member.userId, member.tradeRevision, key);
    if (hit !== undefined) return hit;
    const asked = this.askedOnce.get(member.userId) ?? new Set<string>();
    if (asked.delete(key)) {
      const value = await this.through(member, key, compute, weigh);
      // Asked again while its first computation ran: `through` shared that one, not kept; keep it.
      if (this.get(member.userId, member.tradeRevision, key) === undefined) this.keep(member, key, value, weigh);
      return value;
    }
    asked.add(key);
    if (asked.size > this.bounds.perMember) asked.delete(asked.values().next().value!);
    this.askedOnce.set(member.userId, asked);
    return this.computations.run(`${member.userId}\u0000${key}`, String(member.tradeRevision), compute);
  }

  /** The cached answer for this revision, else `compute()`'s (one at a time per key and revision), remembered. */
  async through<T>(
    member: RevisionedMember,
    key: string,
    compute: () => Promise<T>,
    weigh: (value: T) => number = () => 1,
  ): Promise<T> {
    const hit = this.get<T>(member.userId, member.tradeRevision, key);
    if (hit !== undefined) return hit;
    return this.computations.run(`${member.userId}\u0000${key}`, String(member.tradeRevision), async () => {
      const value = await compute();
      this.keep(member, key, value, weigh);
      return value;
    });
  }

  private keep<T>(member: RevisionedMember, key: string, value: T, weigh: (value: T) => number = () => 1) {
    // Objects sent as whole responses are then encoded once, not on every repeat.
    if (typeof value === 'object' && value !== null) reusedAnswer(value);
    this.set(member.userId, member.tradeRevision, key, value, weigh(value));
  }
}

/** The app instance's cache of trade answers (one per context, so test apps never share). */
export function tradeAnswers(ctx: AppContext): TradeAnswers {
  return (ctx.memory.tradeAnswers ??= new TradeAnswers());
}

/**
 * The cache of answers derived from a member's trades and their journal (the reports). Kept
 * apart from the trade answers, keyed by the sum of both revisions: each only grows, so the sum
 * moves whenever either does, and a journal note does not evict the member's trade list.
 */
export function journaledAnswers(ctx: AppContext, auth: RevisionedMember & { journalRevision: number }) {
  return journaledThrough((ctx.memory.reportAnswers ??= new TradeAnswers()), auth);
}

/**
 * Memory bound of the filters' trade ids: ids held per instance, all members together (8 bytes
 * each in a list, so about 8 MB), and filters kept per member.
 */
const FILTER_IDS_BOUNDS = { weight: 1_000_000, perMember: 32 };

/**
 * The trade ids of each journal filter a member pages through (order-history.ts), under the same
 * revisions as the journaled answers (a retag moves the journal's, an entry time re-synced the
 * trades'), but in a store of their own: the pages of a filter walked at random, kept as answers,
 * would otherwise push the filters' lists out of the member's answers and each would be listed
 * again, thousands of rows, every few hundred pages (measured: one page in twenty).
 */
export function filterTradeIds(ctx: AppContext, auth: RevisionedMember & { journalRevision: number }) {
  return journaledThrough((ctx.memory.filterTradeIds ??= new TradeAnswers(FILTER_IDS_BOUNDS)), auth);
}

function journaledThrough(answers: TradeAnswers, auth: RevisionedMember & { journalRevision: number }) {
  const member = { userId: auth.userId, tradeRevision: auth.tradeRevision + auth.journalRevision };
  return {
    through: <T>(key: string, compute: () => Promise<T>, weigh?: (value: T) => number) =>
      answers.through(member, key, compute, weigh),
    throughOnceAskedAgain: <T>(key: string, compute: () => Promise<T>, weigh?: (value: T) => number) =>
      answers.throughOnceAskedAgain(member, key, compute, weigh),
  };
}

import { LRUCache } from 'lru-cache';
import type { AppContext, ContentFamily, ContentRevisions } from '../context.ts';
import { reusedAnswer } from './reused-answers.ts';

/** Whoever reads shared content: the signed-in member, whose token read brought the revisions. */
export type ContentReader = { contentRevisions: Readonly<ContentRevisions> };

/** Memory bound, in characters of the answers' JSON (about twice as many bytes held). */
const MAX_CHARACTERS = 16_000_000;

type Kept = { version: string; value: unknown };

/**
 * Computations of answers under way in this process, by key and version: a burst of requests for
 * one answer not yet kept (a member opening a page from several tabs, the dashboard's cards at
 * sign-in, 50 at once in a bench) waits on the first one's instead of each asking the database
 * again. The version (the revisions read with the request) is part of the key, so a request never
 * joins a computation for older revisions than its own. A settled computation is forgotten at
 * once, a failed one too: the next request computes again. Keeping answers is the caches' business.
 */
export class SharedComputations {
  private readonly running = new Map<string, Promise<unknown>>();

  run<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const id = `${key}\u0000${version}`;
    const running = this.running.get(id);
    if (running) return running as Promise<T>;
    const started = (async () => compute())().finally(() => this.running.delete(id));
    this.running.set(id, started);
    return started;
  }
}

/**
 * Answers kept by this app instance, each valid only for the version it was computed at: the
 * revisions (read from the database with every request's token) of everything the answer was built from.
 * A write through any instance, a job or a staff screen moves a revision in its own transaction,
 * so the next request of every instance computes again; nothing is invalidated by message. An
 * answer computed after its revisions were read may be newer than them, never older, so it can
 * be kept under them. Least recently used answers go first once the bound is reached.
 */
export class RevisionedAnswers {
  private readonly answers = new LRUCache<string, Kept>({
    maxSize: MAX_CHARACTERS,
    // Weighed once, when stored; a single answer larger than a tenth of the bound is not kept.
    maxEntrySize: MAX_CHARACTERS / 10,
    sizeCalculation: (kept) => Math.max(1, JSON.stringify(kept.value).length),
  });
  private readonly computations = new SharedComputations();

  /** The kept answer for this version, else `compute()`'s (one at a time per key and version), kept. */
  async through<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const kept = this.answers.get(key);
    if (kept?.version === version) return kept.value as T;
    return this.computations.run(key, version, async () => {
      const value = await compute();
      // Objects sent as whole responses are then encoded once, not on every repeat.
      if (typeof value === 'object' && value !== null) reusedAnswer(value);
      this.answers.set(key, { version, value });
      return value;
    });
  }
}

function answersOf(ctx: AppContext): RevisionedAnswers | null {
  if (!ctx.config.ANSWER_CACHE) return null;
  return (ctx.memory.revisionedAnswers ??= new RevisionedAnswers());
}

/**
 * A read of shared content (the same answer for every member), kept while the family's revision
 * has not moved. `key` names the read (with its query); `period` names the stretch of time the
 * answer holds for when it also depends on the clock (the week it covers, the minute it was
 * live in): a new period computes again, and replaces the old answer rather than adding one.
 */
export function sharedAnswer<T>(
  ctx: AppContext,
  reader: ContentReader,
  family: ContentFamily,
  key: string,
  compute: () => Promise<T>,
  period = '',
): Promise<T> {
  const answers = answersOf(ctx);
  if (!answers) return compute();
  return answers.through(`${family}\u0000${key}`, `${reader.contentRevisions[family]}|${period}`, compute);
}

/**
 * A read of one member's answer, kept under their id (no member is ever answered from another's
 * entry) while `version` (the revisions it depends on, joined) is unchanged.
 */
export function memberAnswer<T>(ctx: AppContext, userId: string, key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const answers = answersOf(ctx);
  if (!answers) return compute();
  return answers.through(`${userId}\u0000${key}`, version, compute);
}

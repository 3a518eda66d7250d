import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { liveSessions, replays } from '../../db/schema/index.ts';

/**
 * Staff writes of live sessions and their replays. Only this module writes these tables; the
 * staff console cleans the values, calls these inside its transaction and audits the change.
 */

export type LiveSessionValues = Omit<typeof liveSessions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ReplayValues = Omit<typeof replays.$inferInsert, 'id' | 'sessionId' | 'createdAt'>;
type ReplayRow = typeof replays.$inferSelect;

/** Creates a session; returns its id. */
export async function insertLiveSession(db: Executor, values: LiveSessionValues): Promise<string> {
  const [row] = await db.insert(liveSessions).values(values).returning({ id: liveSessions.id });
  return row!.id;
}

export async function updateLiveSession(db: Executor, id: string, values: Partial<LiveSessionValues>, now: Date) {
  await db.update(liveSessions).set({ ...values, updatedAt: now }).where(eq(liveSessions.id, id));
}

export async function insertReplay(db: Executor, sessionId: string, values: ReplayValues, now: Date): Promise<ReplayRow> {
  const [row] = await db.insert(replays).values({ sessionId, ...values, createdAt: now }).returning();
  return row!;
}

/** Rewrites a replay's fields; returns the row as stored. */
export async function setReplayFields(db: Executor, id: string, values: ReplayValues): Promise<ReplayRow> {
  const [row] = await db.update(replays).set(values).where(eq(replays.id, id)).returning();
  return row!;
}

export async function removeReplay(db: Executor, id: string) {
  await db.delete(replays).where(eq(replays.id, id));
}

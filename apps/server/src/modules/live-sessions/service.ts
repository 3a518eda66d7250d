import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { isSessionLiveNow, type LiveSessionSchedule } from '@th/domain';
import type { LiveSession, MeetingEvent, Replay } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { liveSessions, replays } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sharedAnswer, type ContentReader } from '../../lib/revisioned-answers.ts';
import { decrypt } from '../../lib/secrets.ts';
import { isUuid } from '../../lib/ids.ts';

export type LiveSessionRow = typeof liveSessions.$inferSelect;
type ReplayRow = typeof replays.$inferSelect;

const clock = (hour: number | null, minute: number | null) =>
  hour === null ? null : { hour, minute: minute ?? 0 };

/** The last meeting event Zoom reported for the session, for the live-now rule. */
export function meetingOf(row: LiveSessionRow): MeetingEvent | null {
  return row.meetingState && row.meetingStateAt
    ? { state: row.meetingState, at: row.meetingStateAt.toISOString() }
    : null;
}

/** The schedule fields @th/domain's live-now and next-occurrence rules read. */
export function scheduleOf(row: LiveSessionRow): LiveSessionSchedule {
  return {
    type: row.type,
    isLive: row.isLiveOverride,
    meeting: meetingOf(row),
    days: row.days,
    time: clock(row.startHour, row.startMinute),
    timeEnd: clock(row.endHour, row.endMinute),
    timezone: row.timezone,
  };
}

/** The stored passcode in clear; null when none was set. */
export function passcodeOf(ctx: AppContext, row: LiveSessionRow): string | null {
  return row.passcodeEnc ? decrypt(ctx.config.appKey, row.passcodeEnc) : null;
}

/** A replay as members and staff read it; the play passcode in clear. */
export function toReplay(ctx: AppContext, row: ReplayRow): Replay {
  return {
    id: row.id,
    title: row.title,
    recordedAt: row.recordedAt?.toISOString() ?? null,
    watchUrl: row.watchUrl,
    downloadUrl: row.downloadUrl,
    duration: row.durationSeconds,
    topics: row.topics,
    passcode: row.passcodeEnc ? decrypt(ctx.config.appKey, row.passcodeEnc) : null,
    mentor: row.mentor,
  };
}

function toLiveSession(
  ctx: AppContext,
  row: LiveSessionRow,
  sessionReplays: ReplayRow[],
  now: Date,
): LiveSession {
  const schedule = scheduleOf(row);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    schedule: row.scheduleText,
    image: row.image,
    days: row.days,
    time: schedule.time ?? null,
    time_end: schedule.timeEnd ?? null,
    timezone: row.timezone,
    isLive: isSessionLiveNow(schedule, now),
    meeting: meetingOf(row),
    meetingNumber: row.meetingNumber,
    passcode: passcodeOf(ctx, row),
    expectations: row.expectations,
    replays: sessionReplays.map((replay) => toReplay(ctx, replay)),
  };
}

/**
 * Every published session with its published replays (drafts wait for staff), newest recording
 * first. Only active members reach this (the route's access is `member`), so meeting details are
 * included as they are. The same for every member, and kept while the sessions' revision has not
 * moved and the minute is the same: sessions start and end on whole minutes, and Zoom's start and
 * end events write the session (moving the revision), so whether one is live cannot change
 * within a minute; the first call of the next minute decides it again.
 */
export function listLiveSessions(ctx: AppContext, reader: ContentReader): Promise<{ data: LiveSession[] }> {
  const now = ctx.now();
  const minute = Math.floor(now.getTime() / 60_000);
  return sharedAnswer(ctx, reader, 'live-sessions', 'published', async () => ({ data: await publishedSessions(ctx, now) }), String(minute));
}

async function publishedSessions(ctx: AppContext, now: Date): Promise<LiveSession[]> {
  const rows = await ctx.db
    .select()
    .from(liveSessions)
    .where(eq(liveSessions.published, true))
    .orderBy(asc(liveSessions.sortOrder), asc(liveSessions.title));
  if (rows.length === 0) return [];
  const replayRows = await ctx.db
    .select()
    .from(replays)
    .where(
      and(
        inArray(
          replays.sessionId,
          rows.map((r) => r.id),
        ),
        eq(replays.published, true),
      ),
    )
    .orderBy(desc(replays.recordedAt), desc(replays.createdAt));
  const bySession = new Map<string, ReplayRow[]>();
  for (const replay of replayRows) {
    const list = bySession.get(replay.sessionId) ?? [];
    list.push(replay);
    bySession.set(replay.sessionId, list);
  }
  return rows.map((row) => toLiveSession(ctx, row, bySession.get(row.id) ?? [], now));
}

/** A published session by id; anything else answers like a missing one. */
export async function publishedSession(ctx: AppContext, id: string): Promise<LiveSessionRow> {
  const uuid = isUuid(id)
    ? id
    : null;
  const [row] = uuid
    ? await ctx.db
        .select()
        .from(liveSessions)
        .where(and(eq(liveSessions.id, uuid), eq(liveSessions.published, true)))
    : [];
  if (!row) throw new AppError('not_found', 'Live session not found.');
  return row;
}

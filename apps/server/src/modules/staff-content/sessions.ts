import { and, asc, desc, eq } from 'drizzle-orm';
import { DateTime, IANAZone } from 'luxon';
import type { z } from 'zod';
import { isSessionLiveNow } from '@th/domain';
import type { StaffReplayInput, StaffSession, StaffSessionInput } from '@th/contracts';
import type { AppContext, AuthContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { liveSessions, replays } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { plainText } from '../../lib/html.ts';
import { encrypt } from '../../lib/secrets.ts';
import { imageAddress } from '../courses/index.ts';
import {
  insertLiveSession,
  insertReplay,
  passcodeOf,
  removeReplay,
  replayReadyNotice,
  scheduleOf,
  setReplayFields,
  toReplay,
  updateLiveSession,
} from '../live-sessions/index.ts';
import { recordAudit } from '../staff/index.ts';
import { notify } from '../notifications/index.ts';
import { isUuid } from '../../lib/ids.ts';

type SessionValues = z.output<typeof StaffSessionInput>;
type ReplayValues = z.output<typeof StaffReplayInput>;


async function loadSession(ctx: AppContext, db: Executor, id: string): Promise<StaffSession> {
  const [row] = isUuid(id) ? await db.select().from(liveSessions).where(eq(liveSessions.id, id)) : [];
  if (!row) throw new AppError('not_found', 'Live session not found.');
  const rows = await db
    .select()
    .from(replays)
    .where(eq(replays.sessionId, row.id))
    .orderBy(desc(replays.recordedAt), desc(replays.createdAt));
  const schedule = scheduleOf(row);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    schedule_text: row.scheduleText,
    days: row.days,
    time: schedule.time ?? null,
    time_end: schedule.timeEnd ?? null,
    timezone: row.timezone,
    meeting_number: row.meetingNumber,
    passcode: passcodeOf(ctx, row),
    expectations: row.expectations,
    image: row.image,
    sort_order: row.sortOrder,
    published: row.published,
    live_override: row.isLiveOverride,
    is_live: isSessionLiveNow(schedule, ctx.now()),
    replay_publishing: row.replayPublishing,
    replays: rows.map((r) => ({ ...toReplay(ctx, r), published: r.published })),
  };
}

const hidden = (passcode: string | null) => (passcode ? '(set)' : null);

/** The audit keeps whether a passcode is set, never the passcode itself. */
const audited = (session: StaffSession) => ({
  ...session,
  passcode: hidden(session.passcode),
  replays: session.replays.map((r) => ({ ...r, passcode: hidden(r.passcode) })),
});
const auditedReplay = (row: typeof replays.$inferSelect) => ({ ...row, passcodeEnc: row.passcodeEnc ? '(set)' : null });

const clock = (value: string | null | undefined) => {
  if (!value) return { hour: null, minute: null };
  const [hour, minute] = value.split(':').map(Number);
  return { hour: hour!, minute: minute! };
};

function sessionFields(ctx: AppContext, input: SessionValues) {
  if (!IANAZone.isValidZone(input.timezone)) throw AppError.invalid('timezone', 'Choose a valid time zone, e.g. America/Toronto.');
  if (input.type === 'live' && (!input.start_time || input.days.length === 0)) {
    throw AppError.invalid('start_time', 'Live sessions need at least one day and a start time.');
  }
  if (!!input.end_time && !input.start_time) throw AppError.invalid('end_time', 'Set a start time before an end time.');
  const start = clock(input.start_time);
  const end = clock(input.end_time);
  const passcode = input.passcode?.trim();
  return {
    type: input.type,
    title: plainText(input.title) ?? input.title,
    scheduleText: plainText(input.schedule_text),
    days: [...new Set(input.days)].sort(),
    startHour: start.hour,
    startMinute: start.minute,
    endHour: end.hour,
    endMinute: end.minute,
    timezone: input.timezone,
    meetingNumber: input.meeting_number ?? null,
    passcodeEnc: passcode ? encrypt(ctx.config.appKey, passcode) : null,
    expectations: input.expectations.map((e) => plainText(e)).filter((e): e is string => !!e),
    image: imageAddress('image', input.image),
    sortOrder: input.sort_order,
    published: input.published,
    replayPublishing: input.replay_publishing,
  };
}

export async function listSessions(ctx: AppContext): Promise<{ data: StaffSession[] }> {
  const rows = await ctx.db
    .select({ id: liveSessions.id })
    .from(liveSessions)
    .orderBy(asc(liveSessions.sortOrder), asc(liveSessions.title));
  return { data: await Promise.all(rows.map((r) => loadSession(ctx, ctx.db, r.id))) };
}

export const getSession = async (ctx: AppContext, id: string) => ({ data: await loadSession(ctx, ctx.db, id) });

export async function createSession(ctx: AppContext, actor: AuthContext, input: SessionValues) {
  const values = sessionFields(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const id = await insertLiveSession(tx, values);
    const after = await loadSession(ctx, tx, id);
    await recordAudit(tx, actor, { action: 'session.created', subjectType: 'live_session', subjectId: id, after: audited(after) });
    return { message: 'Session created.', data: after };
  });
}

export async function updateSession(ctx: AppContext, actor: AuthContext, id: string, input: SessionValues) {
  const values = sessionFields(ctx, input);
  return ctx.db.transaction(async (tx) => {
    const before = await loadSession(ctx, tx, id);
    await updateLiveSession(tx, before.id, values, ctx.now());
    const after = await loadSession(ctx, tx, id);
    await recordAudit(tx, actor, {
      action: 'session.updated',
      subjectType: 'live_session',
      subjectId: id,
      before: audited(before),
      after: audited(after),
    });
    return { message: 'Session saved.', data: after };
  });
}

/** Staff 'Mark live now' wins over the schedule until they clear it. */
export async function setLiveFlag(ctx: AppContext, actor: AuthContext, id: string, live: boolean) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadSession(ctx, tx, id);
    await updateLiveSession(tx, before.id, { isLiveOverride: live }, ctx.now());
    const after = await loadSession(ctx, tx, id);
    await recordAudit(tx, actor, {
      action: live ? 'session.marked_live' : 'session.live_cleared',
      subjectType: 'live_session',
      subjectId: id,
      before: { live_override: before.live_override },
      after: { live_override: after.live_override },
    });
    return { message: live ? 'Session marked live.' : 'Live flag cleared.', data: after };
  });
}

function replayFields(ctx: AppContext, input: ReplayValues, timezone: string) {
  // A recorded date is a day in the session's own zone; noon keeps it on that day everywhere.
  const recordedAt = input.recorded_on
    ? DateTime.fromISO(`${input.recorded_on}T12:00`, { zone: timezone }).toJSDate()
    : null;
  return {
    title: plainText(input.title) ?? input.title,
    recordedAt,
    durationSeconds: input.duration_seconds ?? null,
    topics: input.topics.map((t) => plainText(t)).filter((t): t is string => !!t),
    watchUrl: input.watch_url ?? null,
    downloadUrl: input.download_url ?? null,
    passcodeEnc: input.passcode ? encrypt(ctx.config.appKey, input.passcode) : null,
    mentor: plainText(input.mentor),
    published: input.published,
  };
}

async function replayOf(db: Executor, sessionId: string, replayId: string) {
  const [row] = isUuid(replayId)
    ? await db.select().from(replays).where(and(eq(replays.id, replayId), eq(replays.sessionId, sessionId)))
    : [];
  if (!row) throw new AppError('not_found', 'Replay not found.');
  return row;
}

/** Members hear of a replay once, when it is first published (by staff or from Zoom). */
async function announceReplay(ctx: AppContext, replay: { id: string; title: string; published: boolean } | null) {
  if (!replay?.published) return;
  try {
    await notify(ctx, replayReadyNotice(replay));
  } catch (error) {
    ctx.log.error({ err: error, replay: replay.id }, 'replay: members could not be notified');
    ctx.errors.capture(error, { job: 'notify' });
  }
}

export async function addReplay(ctx: AppContext, actor: AuthContext, sessionId: string, input: ReplayValues) {
  let published: typeof replays.$inferSelect | null = null;
  const answer = await ctx.db.transaction(async (tx) => {
    const session = await loadSession(ctx, tx, sessionId);
    const row = await insertReplay(tx, session.id, replayFields(ctx, input, session.timezone), ctx.now());
    await recordAudit(tx, actor, { action: 'replay.created', subjectType: 'replay', subjectId: row.id, after: auditedReplay(row) });
    published = row;
    return { message: 'Replay added.', data: await loadSession(ctx, tx, session.id) };
  });
  await announceReplay(ctx, published);
  return answer;
}

export async function updateReplay(
  ctx: AppContext,
  actor: AuthContext,
  sessionId: string,
  replayId: string,
  input: ReplayValues,
) {
  let published: typeof replays.$inferSelect | null = null;
  const answer = await ctx.db.transaction(async (tx) => {
    const session = await loadSession(ctx, tx, sessionId);
    const before = await replayOf(tx, session.id, replayId);
    const after = await setReplayFields(tx, before.id, replayFields(ctx, input, session.timezone));
    await recordAudit(tx, actor, { action: 'replay.updated', subjectType: 'replay', subjectId: before.id, before: auditedReplay(before), after: auditedReplay(after) });
    if (after.published && !before.published) published = after;
    return { message: 'Replay saved.', data: await loadSession(ctx, tx, session.id) };
  });
  await announceReplay(ctx, published);
  return answer;
}

export async function deleteReplay(ctx: AppContext, actor: AuthContext, sessionId: string, replayId: string) {
  return ctx.db.transaction(async (tx) => {
    const session = await loadSession(ctx, tx, sessionId);
    const before = await replayOf(tx, session.id, replayId);
    await removeReplay(tx, before.id);
    await recordAudit(tx, actor, { action: 'replay.deleted', subjectType: 'replay', subjectId: before.id, before: auditedReplay(before) });
    return { message: 'Replay deleted.', data: await loadSession(ctx, tx, session.id) };
  });
}

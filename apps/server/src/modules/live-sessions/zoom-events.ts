import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { displayName, isSessionLiveNow } from '@th/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { liveSessions, replays, sessionAttendance, users } from '../../db/schema/index.ts';
import { encrypt } from '../../lib/secrets.ts';
import { scheduleOf, type LiveSessionRow } from './service.ts';
import type { ZoomEvent, ZoomEventOf } from './zoom-payloads.ts';
import type { NotifyInput } from '../notifications/index.ts';

/** What one Zoom event does to the sessions of its meeting; run inside the webhook's transaction. */

const instant = (value: string | undefined, fallback: Date) => {
  const parsed = value ? new Date(value) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : fallback;
};

export async function sessionsOfMeeting(db: Executor, meetingNumber: string): Promise<LiveSessionRow[]> {
  if (!meetingNumber) return [];
  return db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.meetingNumber, meetingNumber), eq(liveSessions.type, 'live')))
    .orderBy(asc(liveSessions.sortOrder), asc(liveSessions.title));
}

/**
 * Several sessions may share one Zoom meeting (a recurring room): attendance goes to the one the
 * schedule has on air when the member joins or leaves, a recording to the one on air when it
 * started; when none is, the first.
 */
function sessionAt(sessions: LiveSessionRow[], at: Date): LiveSessionRow {
  return sessions.find((s) => isSessionLiveNow({ ...scheduleOf(s), isLive: false }, at)) ?? sessions[0]!;
}

/** Started/ended: the newest event wins, so a late redelivery of an older one changes nothing. */
async function setMeetingState(db: Executor, sessions: LiveSessionRow[], state: 'started' | 'ended', at: Date) {
  const changed: LiveSessionRow[] = [];
  for (const session of sessions) {
    const [row] = await db
      .update(liveSessions)
      .set({ meetingState: state, meetingStateAt: at })
      .where(
        and(
          eq(liveSessions.id, session.id),
          or(isNull(liveSessions.meetingStateAt), lte(liveSessions.meetingStateAt, at)),
        ),
      )
      .returning({ id: liveSessions.id });
    if (row) changed.push(session);
  }
  return changed;
}

async function memberByEmail(db: Executor, email: string | undefined) {
  const address = email?.trim().toLowerCase();
  if (!address) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(sql`lower(${users.email})`, address));
  return row ?? null;
}

type ParticipantEvent = ZoomEventOf<'meeting.participant_joined'> | ZoomEventOf<'meeting.participant_left'>;

/** The participant's id within the meeting instance, whichever Zoom filled in. */
const participantIdOf = (p: ParticipantEvent['payload']['object']['participant']) =>
  p.participant_uuid || p.id || p.user_id || p.email || '';

async function recordAttendance(ctx: AppContext, db: Executor, session: LiveSessionRow, event: ParticipantEvent, at: Date) {
  const { object } = event.payload;
  const member = await memberByEmail(db, object.participant.email);
  if (!member) {
    // Guests, hosts joining from the Zoom app under another address: nothing to attribute.
    ctx.log.info({ meeting: object.id, event: event.event }, 'zoom: participant without a member e-mail ignored');
    return;
  }
  const participantId = participantIdOf(object.participant);
  if (event.event === 'meeting.participant_joined') {
    await db.insert(sessionAttendance).values({
      sessionId: session.id,
      userId: member.id,
      meetingUuid: object.uuid,
      participantId,
      joinedAt: instant(object.participant.join_time, at),
    });
    return;
  }
  const leftAt = instant(object.participant.leave_time, at);
  const closed = await db
    .update(sessionAttendance)
    .set({ leftAt })
    .where(
      and(
        eq(sessionAttendance.meetingUuid, object.uuid),
        eq(sessionAttendance.participantId, participantId),
        eq(sessionAttendance.userId, member.id),
        isNull(sessionAttendance.leftAt),
      ),
    )
    .returning({ id: sessionAttendance.id });
  if (closed.length === 0) ctx.log.warn({ meeting: object.id }, 'zoom: a leave without its join; not recorded');
}

type Recording = ZoomEventOf<'recording.completed'>['payload']['object'];

/** The member-facing video: the MP4 with speaker and screen when there is one. */
function playableFile(recording: Recording) {
  const videos = recording.recording_files.filter((f) => f.file_type === 'MP4' && f.play_url);
  return videos.find((f) => f.recording_type === 'shared_screen_with_speaker_view') ?? videos[0] ?? null;
}

function durationSeconds(recording: Recording, file: ReturnType<typeof playableFile>): number | null {
  if (file?.recording_start && file.recording_end) {
    const seconds = (Date.parse(file.recording_end) - Date.parse(file.recording_start)) / 1000;
    if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds);
  }
  return recording.duration === undefined ? null : Math.round(recording.duration * 60);
}

async function createReplay(
  ctx: AppContext,
  db: Executor,
  session: LiveSessionRow,
  event: ZoomEventOf<'recording.completed'>,
  at: Date,
): Promise<{ id: string; title: string; published: boolean } | null> {
  const recording = event.payload.object;
  const file = playableFile(recording);
  const recordedAt = instant(recording.start_time, at);
  const host = await memberByEmail(db, recording.host_email);
  const passcode = recording.recording_play_passcode || recording.password || null;
  const day = DateTime.fromJSDate(recordedAt).setZone(session.timezone).setLocale('en-US').toFormat('LLL d, yyyy');
  const [created] = await db
    .insert(replays)
    .values({
      sessionId: session.id,
      title: `${session.title} — ${day}`,
      recordedAt,
      watchUrl: recording.share_url ?? file?.play_url ?? null,
      // Zoom's download links need an access token members do not have: staff may add one.
      downloadUrl: null,
      durationSeconds: durationSeconds(recording, file),
      passcodeEnc: passcode ? encrypt(ctx.config.appKey, passcode) : null,
      mentor: host ? displayName({ first_name: host.firstName, last_name: host.lastName, email: host.email }) : null,
      published: session.replayPublishing === 'published',
      zoomMeetingUuid: recording.uuid,
      createdAt: ctx.now(),
    })
    // One replay per recorded meeting: a second recording.completed for it (re-processing) keeps staff edits.
    .onConflictDoNothing({ target: replays.zoomMeetingUuid })
    .returning({ id: replays.id, title: replays.title, published: replays.published });
  if (!created) ctx.log.info({ meeting: recording.id }, 'zoom: recording already has its replay');
  return created ?? null;
}

/** The notification members get when a replay is published (from Zoom or by staff). */
export function replayReadyNotice(replay: { id: string; title: string }): NotifyInput {
  return {
    audience: 'members',
    kind: 'replay_ready',
    eventKey: replay.id,
    title: 'A replay is ready',
    body: `${replay.title} is ready to watch in the replay library.`,
    link: '/sessions',
  };
}

function sessionLiveNotice(session: LiveSessionRow, meetingUuid: string, at: Date): NotifyInput {
  return {
    audience: 'members',
    kind: 'session_live',
    // One per meeting instance (Zoom's uuid), else per start: a restarted meeting is news again.
    eventKey: `${session.id}:${meetingUuid || at.toISOString()}`,
    title: `${session.title} is live now`,
    body: `${session.title} has started. Join from the live sessions page.`,
    link: '/sessions',
  };
}

/**
 * Applies an event to the sessions of its meeting; null when no session has that meeting, else
 * the notifications to send once the transaction has committed.
 */
export async function applyZoomEvent(ctx: AppContext, db: Executor, event: ZoomEvent): Promise<NotifyInput[] | null> {
  const sessions = await sessionsOfMeeting(db, event.payload.object.id);
  if (sessions.length === 0) return null;
  const at = new Date(event.event_ts);
  switch (event.event) {
    case 'meeting.started': {
      const started = await setMeetingState(db, sessions, 'started', at);
      const published = started.filter((s) => s.published);
      return published.map((s) => sessionLiveNotice(s, event.payload.object.uuid ?? '', at));
    }
    case 'meeting.ended':
      await setMeetingState(db, sessions, 'ended', at);
      break;
    case 'meeting.participant_joined':
    case 'meeting.participant_left':
      await recordAttendance(ctx, db, sessionAt(sessions, at), event, at);
      break;
    case 'recording.completed': {
      const replay = await createReplay(ctx, db, sessionAt(sessions, instant(event.payload.object.start_time, at)), event, at);
      return replay?.published ? [replayReadyNotice(replay)] : [];
    }
  }
  return [];
}

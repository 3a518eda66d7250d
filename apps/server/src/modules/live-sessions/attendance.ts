import { desc, eq, type SQL } from 'drizzle-orm';
import { displayName } from '@th/domain';
import type { AttendanceList } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { liveSessions, sessionAttendance, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** A staff table, not an export: the newest visits are what staff look at. */
const VISITS_SHOWN = 500;

async function visitsWhere(ctx: AppContext, where: SQL): Promise<AttendanceList> {
  const rows = await ctx.db
    .select({
      sessionId: sessionAttendance.sessionId,
      sessionTitle: liveSessions.title,
      userId: sessionAttendance.userId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      joinedAt: sessionAttendance.joinedAt,
      leftAt: sessionAttendance.leftAt,
    })
    .from(sessionAttendance)
    .innerJoin(liveSessions, eq(liveSessions.id, sessionAttendance.sessionId))
    .innerJoin(users, eq(users.id, sessionAttendance.userId))
    .where(where)
    .orderBy(desc(sessionAttendance.joinedAt))
    .limit(VISITS_SHOWN);
  return {
    data: rows.map((row) => ({
      session_id: row.sessionId,
      session_title: row.sessionTitle,
      user_id: row.userId,
      member_name: displayName({ first_name: row.firstName, last_name: row.lastName, email: row.email }),
      member_email: row.email,
      joined_at: row.joinedAt.toISOString(),
      left_at: row.leftAt?.toISOString() ?? null,
      minutes: row.leftAt ? Math.max(0, Math.round((row.leftAt.getTime() - row.joinedAt.getTime()) / 60_000)) : null,
    })),
  };
}

/** Who attended a session's meetings (from Zoom's participant events), newest first. */
export async function attendanceOfSession(ctx: AppContext, sessionId: string): Promise<AttendanceList> {
  const [session] = isUuid(sessionId)
    ? await ctx.db.select({ id: liveSessions.id }).from(liveSessions).where(eq(liveSessions.id, sessionId))
    : [];
  if (!session) throw new AppError('not_found', 'Live session not found.');
  return visitsWhere(ctx, eq(sessionAttendance.sessionId, session.id));
}

/** The sessions one member attended, newest first. */
export async function attendanceOfMember(ctx: AppContext, userId: string): Promise<AttendanceList> {
  const [member] = isUuid(userId) ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)) : [];
  if (!member) throw new AppError('not_found', 'Member not found.');
  return visitsWhere(ctx, eq(sessionAttendance.userId, member.id));
}

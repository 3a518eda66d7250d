import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { displayName } from '@th/domain';
import type { SessionSignature } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { passcodeOf, publishedSession } from './service.ts';

/** Zoom accepts SDK signatures that live between 30 minutes and 48 hours. */
export const SIGNATURE_LIFETIME_SECONDS = 2 * 60 * 60;
/** Issued slightly in the past so a client clock a little behind ours still accepts it. */
const CLOCK_SKEW_SECONDS = 30;

export type ZoomSignatureInput = {
  sdkKey: string;
  sdkSecret: string;
  meetingNumber: string;
  /** 0 joins as an attendee; members never start meetings. */
  role: 0;
  now: Date;
};

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The Meeting SDK JWT: HS256 over {appKey, sdkKey, mn, role, iat, exp, tokenExp}. */
export function signZoomMeetingSdk({
  sdkKey,
  sdkSecret,
  meetingNumber,
  role,
  now,
}: ZoomSignatureInput): string {
  const iat = Math.floor(now.getTime() / 1000) - CLOCK_SKEW_SECONDS;
  const exp = iat + SIGNATURE_LIFETIME_SECONDS;
  const header = base64url({ alg: 'HS256', typ: 'JWT' });
  const payload = base64url({
    appKey: sdkKey,
    sdkKey,
    mn: meetingNumber,
    role,
    iat,
    exp,
    tokenExp: exp,
  });
  const signature = createHmac('sha256', sdkSecret)
    .update(`${header}.${payload}`)
    .digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** How to join without the in-platform client, in the words the live client view shows. */
function joinInstructions(meetingNumber: string, passcode: string | null): string {
  const details = passcode
    ? `meeting number ${meetingNumber} and passcode ${passcode}`
    : `meeting number ${meetingNumber}`;
  return `In Platform streaming is not available right now. Join from the Zoom app with ${details}.`;
}

/**
 * Everything the live client needs to join a session's meeting. Only active members get here
 * (route access `member`); without Zoom SDK credentials the answer says how to join instead.
 */
export async function sessionSignature(
  ctx: AppContext,
  userId: string,
  sessionId: string,
): Promise<SessionSignature> {
  const session = await publishedSession(ctx, sessionId);
  if (session.type === 'recap') {
    throw new AppError(
      'conflict',
      'Recap sessions have no live meeting to join. Watch the replays instead.',
    );
  }
  const meetingNumber = session.meetingNumber?.replace(/\D/g, '') ?? '';
  if (!meetingNumber) {
    throw new AppError(
      'conflict',
      'This session has no meeting to join yet. Check back at its next start time.',
    );
  }
  const passcode = passcodeOf(ctx, session);
  const { ZOOM_SDK_KEY: sdkKey, ZOOM_SDK_SECRET: sdkSecret } = ctx.config;
  if (!sdkKey || !sdkSecret)
    throw new AppError('unavailable', joinInstructions(meetingNumber, passcode));

  const [member] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new AppError('unauthenticated', 'Unauthenticated.');
  return {
    signature: signZoomMeetingSdk({ sdkKey, sdkSecret, meetingNumber, role: 0, now: ctx.now() }),
    sdkKey,
    meetingNumber,
    passcode: passcode ?? '',
    userName: displayName({
      first_name: member.firstName,
      last_name: member.lastName,
      email: member.email,
    }),
    userEmail: member.email,
  };
}

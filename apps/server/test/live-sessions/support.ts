import { liveSessions, replays } from '../../src/db/schema/index.ts';
import type { AppContext } from '../../src/context.ts';
import { encrypt } from '../../src/lib/secrets.ts';

type SessionOptions = Partial<Omit<typeof liveSessions.$inferInsert, 'passcodeEnc'>> & {
  passcode?: string | null;
};

/** Inserts a live session the way staff would publish it, passcode sealed under APP_KEY. */
export async function createSession(ctx: AppContext, options: SessionOptions = {}) {
  const { passcode = 'secret42', ...rest } = options;
  const [row] = await ctx.db
    .insert(liveSessions)
    .values({
      title: `Session ${Math.random().toString(36).slice(2, 7)}`,
      type: 'live',
      days: [1, 2, 3, 4, 5],
      startHour: 9,
      startMinute: 15,
      endHour: 11,
      endMinute: 0,
      timezone: 'America/New_York',
      meetingNumber: '84152093317',
      passcodeEnc: passcode ? encrypt(ctx.config.appKey, passcode) : null,
      ...rest,
    })
    .returning();
  return row!;
}

export async function addReplay(
  ctx: AppContext,
  sessionId: string,
  values: Partial<typeof replays.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(replays)
    .values({ sessionId, title: 'Replay', ...values })
    .returning();
  return row!;
}

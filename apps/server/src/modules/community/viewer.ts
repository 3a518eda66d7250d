/**
 * Who is reading or writing in the community, with their standing: staff manage channels, post
 * in read-only ones, reply as mentors and see hidden posts; a suspended member is refused every
 * community call (403), a muted one reads but cannot post until the mute ends.
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { StaffPermissions } from '@th/contracts';
import { momentLabel } from '@th/domain';
import type { AppContext, AuthContext } from '../../context.ts';
import { communityRestrictions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export type Viewer = { userId: string; staff: boolean; mutedUntil: Date | null };

export const SUSPENDED_MESSAGE = 'You are suspended from the community: you can no longer read or post here.';

/** A restriction in force at `now`: a suspension (no end) or a mute that has not ended. */
export const restrictionInForce = (now: Date) => or(isNull(communityRestrictions.until), gt(communityRestrictions.until, now));

/**
 * The viewer of a community call, with the standing read with their token (plugins/auth.ts): no
 * statement of its own. A suspended member goes no further.
 */
export function viewerOf(auth: AuthContext): Viewer {
  if (auth.communityStanding.suspended) throw new AppError('forbidden', SUSPENDED_MESSAGE);
  return { userId: auth.userId, staff: auth.permissions.has(StaffPermissions.community), mutedUntil: auth.communityStanding.mutedUntil };
}

/** Refuses a muted member's post, reply or shared trade, naming when the mute ends in Toronto time. */
export function checkNotMuted(viewer: Viewer) {
  if (viewer.mutedUntil === null) return;
  throw new AppError('forbidden', `You are muted in the community until ${momentLabel(viewer.mutedUntil.toISOString())} (Toronto time): you can read posts but not write them.`);
}

/** Those of `userIds` suspended from the community now: they hear of nothing here. */
export async function suspendedAmong(ctx: AppContext, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ userId: communityRestrictions.userId })
    .from(communityRestrictions)
    .where(and(inArray(communityRestrictions.userId, [...userIds]), eq(communityRestrictions.kind, 'suspended'), restrictionInForce(ctx.now())));
  return new Set(rows.map((row) => row.userId));
}

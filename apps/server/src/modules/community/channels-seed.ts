import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { communityChannels } from '../../db/schema/index.ts';

export type ChannelSeed = { name: string; slug: string; description: string; readOnly?: boolean; staffOnly?: boolean };

/**
 * Creates the channels missing by slug, after those that exist (idempotent: a channel staff
 * renamed, moved or described differently is left as it is).
 */
export async function ensureChannels(ctx: AppContext, channels: ChannelSeed[]) {
  const [last] = await ctx.db.select({ max: sql<number | null>`max(${communityChannels.position})` }).from(communityChannels);
  const start = Number(last?.max ?? -1) + 1;
  await ctx.db
    .insert(communityChannels)
    .values(
      channels.map((channel, index) => ({
        name: channel.name,
        slug: channel.slug,
        description: channel.description,
        readOnly: channel.readOnly ?? false,
        staffOnly: channel.staffOnly ?? false,
        position: start + index,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })),
    )
    .onConflictDoNothing({ target: communityChannels.slug });
}

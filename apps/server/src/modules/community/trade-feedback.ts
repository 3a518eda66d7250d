/**
 * Mentor feedback on a shared trade, read from the journal: staff replies to the member's own
 * posts sharing that trade. Only the trade's owner asks (another member's trade answers 404);
 * a reply a moderator hid or deleted is gone here as in the thread, and a channel made staff-only
 * since is no longer read from by members.
 */
import { sql } from 'drizzle-orm';
import type { TradeFeedback } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../errors.ts';
import { findMemberTrade } from '../trades/index.ts';
import { iso } from './service.ts';
import type { Viewer } from './viewer.ts';

type FeedbackRow = {
  reply_id: string | number;
  thread_id: string | number;
  channel_name: string;
  channel_slug: string;
  mentor_id: string;
  mentor_name: string | null;
  body_html: string;
  created_at: Date | string;
  edited_at: Date | string | null;
};

export async function tradeFeedback(ctx: AppContext, viewer: Viewer, tradeId: string): Promise<TradeFeedback[]> {
  const trade = await findMemberTrade(ctx, viewer.userId, tradeId);
  if (!trade) throw new AppError('not_found', 'Trade not found.');
  const result = await ctx.db.execute(sql`
    select r.id::text as reply_id, p.id::text as thread_id, c.name as channel_name, c.slug as channel_slug,
      r.user_id as mentor_id, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as mentor_name,
      r.body_html, r.created_at, r.edited_at
    from community_posts p
    join community_posts r on r.parent_id = p.id
    join community_channels c on c.id = p.channel_id
    join users u on u.id = r.user_id
    where p.shared_trade_id = ${trade.id} and p.user_id = ${viewer.userId}::uuid
      and r.mentor and r.hidden_at is null and r.user_id <> ${viewer.userId}::uuid
      and (${viewer.staff} or not c.staff_only)
    order by r.created_at asc, r.id asc
    limit 50`);
  return rowsOf<FeedbackRow>(result).map((row) => ({
    reply_id: Number(row.reply_id),
    thread_id: Number(row.thread_id),
    channel: { name: row.channel_name, slug: row.channel_slug },
    mentor: { id: row.mentor_id, name: row.mentor_name ?? 'Mentor' },
    body_html: row.body_html,
    created_at: iso(row.created_at),
    edited_at: row.edited_at === null ? null : iso(row.edited_at),
  }));
}

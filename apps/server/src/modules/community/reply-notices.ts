/**
 * "Someone replied to you": a reply tells the thread's author and, when it answers a reply, that
 * reply's author (never the replier, nor a member suspended from the community), through the
 * notification centre's 'community' kind, once per reply.
 */
import { and, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { communityPosts } from '../../db/schema/index.ts';
import { richTextWords } from '../../lib/html.ts';
import { notify } from '../notifications/index.ts';
import { suspendedAmong } from './viewer.ts';

/** The notice quotes the start of the reply, as a phone's notification shows it. */
const EXCERPT = 140;

/** The start of a post's text, as a notice quotes it. */
export function noticeExcerpt(html: string) {
  const text = richTextWords(html);
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
}

export type ReplyNotice = {
  channel: { name: string; slug: string };
  /** The post or reply it answers, and its thread's first post. */
  answeredIds: number[];
  replyId: number;
  replier: { id: string; name: string };
  replyHtml: string;
};

export async function noticeOfReply(ctx: AppContext, reply: ReplyNotice) {
  const answered = await ctx.db
    .selectDistinct({ userId: communityPosts.userId })
    .from(communityPosts)
    .where(and(inArray(communityPosts.id, reply.answeredIds), ne(communityPosts.userId, reply.replier.id)));
  if (answered.length === 0) return;
  const barred = await suspendedAmong(
    ctx,
    answered.map((row) => row.userId),
  );
  const userIds = answered.map((row) => row.userId).filter((id) => !barred.has(id));
  if (userIds.length === 0) return;
  await notify(ctx, {
    userIds,
    kind: 'community',
    eventKey: `reply:${reply.replyId}`,
    title: `${reply.replier.name} replied to you in #${reply.channel.name}`,
    body: noticeExcerpt(reply.replyHtml),
    link: `/community/${reply.channel.slug}`,
  });
}

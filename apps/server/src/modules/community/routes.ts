import type { FastifyInstance } from 'fastify';
import { communityEndpoints, StaffPermissions } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { perMemberLimit } from '../../lib/rate-limits.ts';
import { routesOf } from '../../lib/routes.ts';
import { authOf } from '../../plugins/auth.ts';
import { createCommunityFeed } from './live.ts';
import {
  createChannel,
  createPost,
  deletePost,
  editPost,
  getChannelPage,
  listChannels,
  listReplies,
  markRead,
  orderChannels,
  pinPost,
  shareTrade,
  toggleReaction,
  updateChannel,
  viewerOf,
  visibleChannel,
} from './service.ts';

const member = { access: 'member' as const };
const staff = { ...member, permission: StaffPermissions.community };
// Posts, replies and shared trades share one count per member: plenty for a conversation, and
// a flood from one account stops at the shared database limiter on every instance.
export const POSTS_PER_MINUTE = 10;
const posting = { ...member, rateLimit: perMemberLimit('community-post', POSTS_PER_MINUTE) };

const SSE_PING_MS = 25_000;

/** Community: channels, posts, replies, reactions, pins, shared trades and the live feed. */
export async function communityRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routesOf(app);
  const feed = createCommunityFeed(ctx);
  app.addHook('preClose', async () => feed.close());

  route(communityEndpoints.listChannels, member, async (request) => ({ data: await listChannels(ctx, viewerOf(authOf(request))) }));

  route(communityEndpoints.createChannel, staff, async (request, reply) =>
    reply.status(201).send({ data: await createChannel(ctx, viewerOf(authOf(request)), request.body) }),
  );

  route(communityEndpoints.updateChannel, staff, async (request) => ({
    data: await updateChannel(ctx, viewerOf(authOf(request)), request.params.channelId, request.body),
  }));

  route(communityEndpoints.orderChannels, staff, async (request) => ({
    data: await orderChannels(ctx, viewerOf(authOf(request)), request.body.channel_ids),
  }));

  route(communityEndpoints.getChannelPage, member, async (request) => ({
    data: await getChannelPage(ctx, viewerOf(authOf(request)), request.params.channelSlug, request.query.before),
  }));

  route(communityEndpoints.createPost, posting, async (request, reply) =>
    reply.status(201).send({ data: await createPost(ctx, viewerOf(authOf(request)), request.params.channelSlug, request.body) }),
  );

  route(communityEndpoints.markRead, member, (request) => markRead(ctx, viewerOf(authOf(request)), request.params.channelSlug));

  route(communityEndpoints.listReplies, member, async (request) => ({
    data: await listReplies(ctx, viewerOf(authOf(request)), request.params.postId),
  }));

  route(communityEndpoints.editPost, member, async (request) => ({
    data: await editPost(ctx, viewerOf(authOf(request)), request.params.postId, request.body.body_html),
  }));

  route(communityEndpoints.deletePost, member, (request) => deletePost(ctx, authOf(request), request.params.postId));

  route(communityEndpoints.toggleReaction, member, async (request) => ({
    data: await toggleReaction(ctx, viewerOf(authOf(request)), request.params.postId, request.body.reaction),
  }));

  route(communityEndpoints.pinPost, staff, async (request) => ({
    data: await pinPost(ctx, viewerOf(authOf(request)), request.params.postId, request.body.pinned),
  }));

  route(communityEndpoints.shareTrade, posting, async (request, reply) =>
    reply.status(201).send({ data: await shareTrade(ctx, viewerOf(authOf(request)), request.body) }),
  );

  // Server-Sent Events: a `post` event names each new post or reply of the channel; the browser
  // then reloads what it shows. Access is checked (and a hidden channel answers 404) before the
  // stream opens.
  route(communityEndpoints.channelEvents, member, async (request, reply) => {
    const channel = await visibleChannel(ctx.db, viewerOf(authOf(request)), request.params.channelSlug);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write('retry: 3000\n\n');
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(ping);
      unsubscribe();
      raw.end();
    };
    const ping = setInterval(() => raw.write(': ping\n\n'), SSE_PING_MS);
    const unsubscribe = await feed.subscribe(channel.id, {
      send: (event) => raw.write(`event: post\ndata: ${JSON.stringify({ id: event.id, parent_id: event.parentId })}\n\n`),
      end,
    });
    request.raw.on('close', end);
    if (request.raw.destroyed) end();
  });
}

import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { communityEndpoints, POST_MAX_HTML, POST_MAX_IMAGES, StaffPermissions, UPLOAD_MAX_BYTES } from '@th/contracts';
import type { AppContext } from '../../context.ts';
import { perMemberLimit } from '../../lib/rate-limits.ts';
import { routesOf } from '../../lib/routes.ts';
import { sendStoredImage } from '../uploads/index.ts';
import { authOf } from '../../plugins/auth.ts';
import { imagePostOf } from './image-uploads.ts';
import { postImage } from './images.ts';
import { channelPageAnswer } from './page-answers.ts';
import { createCommunityFeed } from './live.ts';
import { dismissReports, hidePost, liftRestriction, listReports, listRestrictions, reportPost, restrictMember } from './moderation.ts';
import {
  createChannel,
  createPost,
  deletePost,
  editPost,
  getChannelPage,
  getPost,
  listChannels,
  listReplies,
  markRead,
  orderChannels,
  pinPost,
  shareTrade,
  toggleReaction,
  updateChannel,
  visibleChannel,
} from './service.ts';
import { mentionable } from './mentions.ts';
import { searchPosts } from './search.ts';
import { tradeFeedback } from './trade-feedback.ts';
import { viewerOf } from './viewer.ts';

const member = { access: 'member' as const };
const staff = { ...member, permission: StaffPermissions.community };
// Posts, replies and shared trades share one count per member: plenty for a conversation, and
// a flood from one account stops at the shared database limiter on every instance.
export const POSTS_PER_MINUTE = 10;
const posting = { ...member, rateLimit: perMemberLimit('community-post', POSTS_PER_MINUTE) };

// The @mention lookup runs as the member types (debounced): a minute of steady typing fits, a
// crawl of the member list does not. Searches likewise.
const lookups = { ...member, rateLimit: perMemberLimit('community-mentions', 60) };
const searching = { ...member, rateLimit: perMemberLimit('community-search', 30) };

const SSE_PING_MS = 25_000;

/** Community: channels, posts, replies, reactions, pins, shared trades and the live feed. */
export async function communityRoutes(app: FastifyInstance, ctx: AppContext) {
  // Posts with images only (this module's scope): a byte over the limit fails the read. One
  // file part more than a full post may carry, so a fifth image gets the count's message.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 2 * POST_MAX_IMAGES + 1, fields: POST_MAX_IMAGES + 3, parts: 3 * POST_MAX_IMAGES + 4, fieldSize: POST_MAX_HTML },
  });
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

  route(communityEndpoints.getChannelPage, member, async (request) => {
    const auth = authOf(request);
    // Kept per channel revision (page-answers.ts); ANSWER_CACHE=false computes each page afresh, to measure.
    if (ctx.config.ANSWER_CACHE) return channelPageAnswer(ctx, auth, request.params.channelSlug, request.query.before);
    return { data: await getChannelPage(ctx, viewerOf(auth), request.params.channelSlug, request.query.before) };
  });

  route(communityEndpoints.createPost, posting, async (request, reply) =>
    reply.status(201).send({ data: await createPost(ctx, viewerOf(authOf(request)), request.params.channelSlug, request.body) }),
  );

  route(communityEndpoints.createImagePost, posting, async (request, reply) => {
    const viewer = viewerOf(authOf(request));
    const { body, images } = await imagePostOf(request);
    return reply.status(201).send({ data: await createPost(ctx, viewer, request.params.channelSlug, body, images) });
  });

  route(communityEndpoints.getPostImage, member, async (request, reply) => {
    const image = await postImage(ctx, viewerOf(authOf(request)), request.params.imageId, request.query.size);
    // An image never changes (a new one gets a new id) but may stop being readable (hidden,
    // deleted, the reader suspended): the browser keeps it for the page's life, not across.
    return sendStoredImage(reply, image, 'private, no-store');
  });

  route(communityEndpoints.markRead, member, async (request) => markRead(ctx, viewerOf(authOf(request)), request.params.channelSlug));

  route(communityEndpoints.getPost, member, async (request) => ({
    data: await getPost(ctx, viewerOf(authOf(request)), request.params.postId),
  }));

  route(communityEndpoints.listMentionable, lookups, async (request) => {
    const viewer = viewerOf(authOf(request));
    const channel = await visibleChannel(ctx.db, viewer, request.params.channelSlug);
    return { data: await mentionable(ctx, viewer, channel, request.query.q) };
  });

  route(communityEndpoints.searchPosts, searching, async (request) => ({
    data: await searchPosts(ctx, viewerOf(authOf(request)), request.query),
  }));

  route(communityEndpoints.getTradeFeedback, member, async (request) => ({
    data: await tradeFeedback(ctx, viewerOf(authOf(request)), request.params.tradeId),
  }));

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

  route(communityEndpoints.reportPost, member, async (request, reply) =>
    reply.status(201).send(await reportPost(ctx, viewerOf(authOf(request)), request.params.postId, request.body)),
  );

  route(communityEndpoints.listReports, staff, async (request) => ({ data: await listReports(ctx, request.query.view) }));

  route(communityEndpoints.hidePost, staff, (request) => hidePost(ctx, authOf(request), request.params.postId, request.body.hidden));

  route(communityEndpoints.dismissReports, staff, (request) => dismissReports(ctx, authOf(request), request.params.postId));

  route(communityEndpoints.listRestrictions, staff, async () => ({ data: await listRestrictions(ctx) }));

  route(communityEndpoints.restrictMember, staff, async (request) => ({
    data: await restrictMember(ctx, authOf(request), request.params.userId, request.body),
  }));

  route(communityEndpoints.liftRestriction, staff, (request) => liftRestriction(ctx, authOf(request), request.params.userId, request.params.kind));

  // Server-Sent Events: a `post` event names each new post or reply of the channel, `removed` one
  // a moderator hid from this viewer, `changed` one whose moderation changed what they see (see
  // live.ts); the browser then reloads what it shows. Access is checked (and a hidden channel answers 404) before the
  // stream opens.
  route(communityEndpoints.channelEvents, member, async (request, reply) => {
    const viewer = viewerOf(authOf(request));
    const channel = await visibleChannel(ctx.db, viewer, request.params.channelSlug);
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
      viewer,
      send: (event) => raw.write(`event: ${event.type}\ndata: ${JSON.stringify({ id: event.id, parent_id: event.parentId })}\n\n`),
      end,
    });
    request.raw.on('close', end);
    if (request.raw.destroyed) end();
  });
}

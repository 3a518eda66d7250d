import { z } from 'zod';
import { MessageBody } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Community (issue #23): channels staff create and order, posts with rich text, replies one level
 * deep, reactions, pinned posts, trades shared from the journal, and the channel's live feed.
 */

/** The longest post, counted in characters of text (formatting not counted). */
export const POST_MAX_TEXT = 10_000;
/** The rich text as sent may carry formatting around that text. */
export const POST_MAX_HTML = 50_000;
/** A channel page's length (newest first, keyset pagination). */
export const POSTS_PER_PAGE = 30;
/** Images a post or reply may carry. */
export const POST_MAX_IMAGES = 4;
/** An image's label (its alt text), in characters. */
export const POST_IMAGE_ALT_MAX = 200;

/** The small fixed set of reactions a post can get (each toggled per member). */
export const REACTIONS = ['thumbs_up', 'fire', 'bullseye', 'eyes', 'heart'] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_EMOJI: Record<Reaction, string> = {
  thumbs_up: '👍',
  fire: '🔥',
  bullseye: '🎯',
  eyes: '👀',
  heart: '❤️',
};
export const REACTION_NAMES: Record<Reaction, string> = {
  thumbs_up: 'Thumbs up',
  fire: 'Fire',
  bullseye: 'On target',
  eyes: 'Watching',
  heart: 'Heart',
};

export const CommunityChannelRequest = z.object({
  name: z.string().trim().min(1, 'Name the channel.').max(60, 'A channel name is at most 60 characters.'),
  slug: z
    .string()
    .trim()
    .min(1, 'Give the channel an address (slug).')
    .max(60, 'A channel slug is at most 60 characters.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens in the slug.'),
  description: z.string().trim().max(300, 'A channel description is at most 300 characters.'),
  staff_only: z.boolean(),
  read_only: z.boolean(),
});
export type CommunityChannelRequest = z.infer<typeof CommunityChannelRequest>;

export const CommunityChannel = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  staff_only: z.boolean(),
  read_only: z.boolean(),
  position: z.number().int(),
  /** Posts and replies by others since the member last read the channel. */
  unread_count: z.number().int(),
  /** Whether the viewer may post here (read-only channels: staff only). */
  can_post: z.boolean(),
});
export type CommunityChannel = z.infer<typeof CommunityChannel>;

export const ChannelOrderRequest = z.object({
  channel_ids: z.array(z.string()).min(1, 'List the channels in their new order.').max(200),
});

/** What a post body is before the server sanitizes it (rich text from the editor). */
const PostHtml = z
  .string({ error: 'Write something before posting.' })
  .max(POST_MAX_HTML, `A post is at most ${POST_MAX_TEXT.toLocaleString('en-US')} characters.`);

export const CommunityPostRequest = z.object({
  body_html: PostHtml,
  /** A reply names the post it answers (replies are one level deep). */
  parent_id: z.number().int().positive().nullable().optional(),
});
export type CommunityPostRequest = z.infer<typeof CommunityPostRequest>;

export const CommunityPostEdit = z.object({ body_html: PostHtml });
export type CommunityPostEdit = z.infer<typeof CommunityPostEdit>;

export const ShareTradeRequest = z.object({
  channel_slug: z.string().min(1, 'Choose a channel.'),
  /** The trade's public id (as in the journal). */
  trade_id: z.string().min(1, 'Choose a trade to share.'),
  pnl_as: z.enum(['money', 'r'], { error: 'Choose how the P&L is shown.' }),
  include_note: z.boolean(),
  /** An optional comment above the card. */
  body_html: PostHtml.optional(),
});
export type ShareTradeRequest = z.infer<typeof ShareTradeRequest>;

/** A trade as shared: a snapshot taken when it was posted. */
export const SharedTradeCard = z.object({
  instrument: z.string(),
  side: z.string(),
  entry_time: z.string().nullable(),
  exit_time: z.string().nullable(),
  /** The named zone the card's times are shown in. */
  zone: z.string(),
  r_multiple: z.number().nullable(),
  /** Net P&L as a decimal string, null when the member shows only R. */
  pnl: z.string().nullable(),
  pnl_as: z.enum(['money', 'r']),
  /** The member's journal note (sanitized rich text), when they chose to include it. */
  note_html: z.string().nullable(),
});
export type SharedTradeCard = z.infer<typeof SharedTradeCard>;

export const ReactionCount = z.object({ reaction: z.enum(REACTIONS), count: z.number().int(), mine: z.boolean() });
export type ReactionCount = z.infer<typeof ReactionCount>;

/** An image of a post: its bytes come from getPostImage, for whoever may read the post. */
export const PostImage = z.object({
  id: z.string(),
  /** What it shows, in the author's words; empty when they gave none. */
  alt: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type PostImage = z.infer<typeof PostImage>;

export const CommunityPost = z.object({
  id: z.number().int(),
  channel_id: z.string(),
  parent_id: z.number().int().nullable(),
  author: z.object({ id: z.string(), name: z.string() }),
  /** A staff member's reply: shown as "Mentor reply". */
  mentor: z.boolean(),
  body_html: z.string(),
  shared_trade: SharedTradeCard.nullable(),
  /** Its images in the order attached (at most POST_MAX_IMAGES). */
  images: z.array(PostImage),
  pinned: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  reply_count: z.number().int(),
  reactions: z.array(ReactionCount),
  /** Whether the viewer wrote it (may edit and delete it). */
  mine: z.boolean(),
  /** Hidden by a moderator: only its author and staff still see it, marked as hidden. */
  hidden: z.boolean(),
});
export type CommunityPost = z.infer<typeof CommunityPost>;

export const ChannelPage = z.object({
  channel: CommunityChannel,
  /** Pinned posts, on the first page only. */
  pinned: z.array(CommunityPost),
  posts: z.array(CommunityPost),
  /** Pass as `before` for the next (older) page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type ChannelPage = z.infer<typeof ChannelPage>;

// ---------------------------------------------------------------------------------------------
// Moderation: members report posts; staff hide, delete or dismiss, and mute or suspend members.

/** Why a member reports a post: a short fixed list, with an optional note. */
export const REPORT_REASONS = ['spam', 'harassment', 'misleading', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_NAMES: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or abuse',
  misleading: 'Misleading trading claims',
  off_topic: 'Off topic',
  other: 'Something else',
};

export const ReportPostRequest = z.object({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason for the report.' }),
  note: z.string().trim().max(500, 'A note is at most 500 characters.'),
});
export type ReportPostRequest = z.infer<typeof ReportPostRequest>;

export const PostReport = z.object({
  reporter: z.object({ id: z.string(), name: z.string() }),
  reason: z.enum(REPORT_REASONS),
  note: z.string(),
  created_at: z.string(),
});

/** A reported post in the staff queue, with its channel, author and every open report. */
export const ReportedPost = z.object({
  post: z.object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    body_html: z.string(),
    has_shared_trade: z.boolean(),
    created_at: z.string(),
    hidden: z.boolean(),
  }),
  channel: z.object({ name: z.string(), slug: z.string() }),
  author: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  reports: z.array(PostReport),
});
export type ReportedPost = z.infer<typeof ReportedPost>;

/** How long staff may mute a member from posting, in hours (an hour to a month). */
export const MUTE_HOURS = [1, 24, 72, 168, 720] as const;
export const MUTE_HOURS_NAMES: Record<(typeof MUTE_HOURS)[number], string> = {
  1: '1 hour',
  24: '1 day',
  72: '3 days',
  168: '1 week',
  720: '30 days',
};

export const RESTRICTION_KINDS = ['muted', 'suspended'] as const;
export type RestrictionKind = (typeof RESTRICTION_KINDS)[number];

export const RestrictMemberRequest = z
  .object({
    kind: z.enum(RESTRICTION_KINDS, { error: 'Choose mute or suspend.' }),
    /** How long a mute lasts; a suspension lasts until staff lift it (null). */
    hours: z.literal(MUTE_HOURS, { error: 'Choose how long the mute lasts.' }).nullable(),
    reason: z.string().trim().max(300, 'A reason is at most 300 characters.'),
  })
  .refine((body) => body.kind !== 'muted' || body.hours !== null, { path: ['hours'], message: 'Choose how long the mute lasts.' });
export type RestrictMemberRequest = z.infer<typeof RestrictMemberRequest>;

/** A member muted or suspended in the community. */
export const CommunityRestriction = z.object({
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  kind: z.enum(RESTRICTION_KINDS),
  /** The end of a mute; null for a suspension (until lifted). */
  until: z.string().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export type CommunityRestriction = z.infer<typeof CommunityRestriction>;

// ---------------------------------------------------------------------------------------------
// Mentor feedback on a shared trade, @mentions and search.

/** A mentor's reply to a post sharing one of the member's trades, as the journal shows it. */
export const TradeFeedback = z.object({
  reply_id: z.number().int(),
  /** The shared post the reply answers (the thread). */
  thread_id: z.number().int(),
  channel: z.object({ name: z.string(), slug: z.string() }),
  mentor: z.object({ id: z.string(), name: z.string() }),
  body_html: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type TradeFeedback = z.infer<typeof TradeFeedback>;

/**
 * A mention as stored in a post's rich text: `<span data-mention="{user id}">@Name</span>`; the
 * server keeps only members who can read the channel and writes their current name.
 */
export const MENTION_ATTRIBUTE = 'data-mention';

/** Someone who may be mentioned in a channel: a member who can read it, or a mentor. No e-mail. */
export const MentionCandidate = z.object({ id: z.string(), name: z.string(), mentor: z.boolean() });
export type MentionCandidate = z.infer<typeof MentionCandidate>;

export const MENTION_SUGGESTIONS = 8;
export const SEARCH_RESULTS_PER_PAGE = 20;

export const SearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters to search.').max(100, 'A search is at most 100 characters.'),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').max(50, 'Narrow your search: only the first 50 pages are shown.').default(1),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A post or reply matching a search, with where it is and the start of its text. */
export const SearchHit = z.object({
  post_id: z.number().int(),
  /** The thread to open: the post itself, or the post a reply answers. */
  thread_id: z.number().int(),
  channel: z.object({ name: z.string(), slug: z.string() }),
  author: z.object({ id: z.string(), name: z.string() }),
  mentor: z.boolean(),
  reply: z.boolean(),
  /** The post's text (no formatting), cut to a few lines. */
  excerpt: z.string(),
  created_at: z.string(),
  /** Only its author and staff find a hidden post, marked so. */
  hidden: z.boolean(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchPage = z.object({ hits: z.array(SearchHit), page: z.number().int(), has_more: z.boolean() });
export type SearchPage = z.infer<typeof SearchPage>;

const ChannelParams = z.object({ channelSlug: z.string() });
const ChannelIdParams = z.object({ channelId: z.string() });
const PostParams = z.object({ postId: z.string() });
const RestrictionParams = z.object({ userId: z.string(), kind: z.enum(RESTRICTION_KINDS) });

export const communityEndpoints = {
  listChannels: endpoint({
    method: 'GET',
    path: '/api/community/channels',
    tags: ['community'],
    response: { 200: z.object({ data: z.array(CommunityChannel) }) },
  }),
  createChannel: endpoint({
    method: 'POST',
    path: '/api/community/channels',
    tags: ['community'],
    body: CommunityChannelRequest,
    response: { 201: z.object({ data: CommunityChannel }) },
  }),
  updateChannel: endpoint({
    method: 'PUT',
    path: '/api/community/channels/:channelId',
    tags: ['community'],
    params: ChannelIdParams,
    body: CommunityChannelRequest,
    response: { 200: z.object({ data: CommunityChannel }) },
  }),
  orderChannels: endpoint({
    method: 'PUT',
    path: '/api/community/channel-order',
    tags: ['community'],
    body: ChannelOrderRequest,
    response: { 200: z.object({ data: z.array(CommunityChannel) }) },
  }),
  getChannelPage: endpoint({
    method: 'GET',
    path: '/api/community/channels/:channelSlug/posts',
    tags: ['community'],
    params: ChannelParams,
    query: z.object({ before: z.string().max(100).optional() }),
    response: { 200: z.object({ data: ChannelPage }) },
  }),
  createPost: endpoint({
    method: 'POST',
    path: '/api/community/channels/:channelSlug/posts',
    tags: ['community'],
    params: ChannelParams,
    body: CommunityPostRequest,
    response: { 201: z.object({ data: CommunityPost }) },
  }),
  /**
   * A post or reply with images, as multipart: `body_html`, optionally `parent_id`, and for each
   * image n (1 to POST_MAX_IMAGES) `image_n`, optionally `thumbnail_n` (the browser's small copy)
   * and `alt_n` (its label). The post and its images are saved together or not at all.
   */
  createImagePost: endpoint({
    method: 'POST',
    path: '/api/community/channels/:channelSlug/image-posts',
    tags: ['community'],
    params: ChannelParams,
    consumes: ['multipart/form-data'],
    response: { 201: z.object({ data: CommunityPost }) },
  }),
  getPostImage: endpoint({
    method: 'GET',
    path: '/api/community/images/:imageId',
    tags: ['community'],
    params: z.object({ imageId: z.string().max(64) }),
    query: z.object({ size: z.enum(['full', 'thumbnail'], { error: 'Choose the full image or its thumbnail.' }).optional() }),
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/api/community/channels/:channelSlug/read',
    tags: ['community'],
    params: ChannelParams,
    response: { 200: MessageBody },
  }),
  /** Server-Sent Events: `post` events with `{ id, parent_id }` as posts and replies arrive. */
  channelEvents: endpoint({
    method: 'GET',
    path: '/api/community/channels/:channelSlug/events',
    tags: ['community'],
    params: ChannelParams,
  }),
  /** One post or reply the viewer can read (a thread opened from a link). */
  getPost: endpoint({
    method: 'GET',
    path: '/api/community/posts/:postId',
    tags: ['community'],
    params: PostParams,
    response: { 200: z.object({ data: CommunityPost }) },
  }),
  /** Members who can read the channel whose name starts with `q`, for @mentions. */
  listMentionable: endpoint({
    method: 'GET',
    path: '/api/community/channels/:channelSlug/mentionable',
    tags: ['community'],
    params: ChannelParams,
    query: z.object({ q: z.string().trim().max(40, 'A name to look up is at most 40 characters.').default('') }),
    response: { 200: z.object({ data: z.array(MentionCandidate) }) },
  }),
  /** Posts and replies the viewer can read that match the words of `q`, best matches first. */
  searchPosts: endpoint({
    method: 'GET',
    path: '/api/community/search',
    tags: ['community'],
    query: SearchQuery,
    response: { 200: z.object({ data: SearchPage }) },
  }),
  /** Mentors' replies to the posts that share this trade of the member's (their trade only). */
  getTradeFeedback: endpoint({
    method: 'GET',
    path: '/api/community/trade-feedback/:tradeId',
    tags: ['community'],
    params: z.object({ tradeId: z.string() }),
    response: { 200: z.object({ data: z.array(TradeFeedback) }) },
  }),
  listReplies: endpoint({
    method: 'GET',
    path: '/api/community/posts/:postId/replies',
    tags: ['community'],
    params: PostParams,
    response: { 200: z.object({ data: z.array(CommunityPost) }) },
  }),
  editPost: endpoint({
    method: 'PUT',
    path: '/api/community/posts/:postId',
    tags: ['community'],
    params: PostParams,
    body: CommunityPostEdit,
    response: { 200: z.object({ data: CommunityPost }) },
  }),
  deletePost: endpoint({
    method: 'DELETE',
    path: '/api/community/posts/:postId',
    tags: ['community'],
    params: PostParams,
    response: { 200: MessageBody },
  }),
  toggleReaction: endpoint({
    method: 'POST',
    path: '/api/community/posts/:postId/reactions',
    tags: ['community'],
    params: PostParams,
    body: z.object({ reaction: z.enum(REACTIONS, { error: 'Choose one of the reactions offered.' }) }),
    response: { 200: z.object({ data: z.array(ReactionCount) }) },
  }),
  pinPost: endpoint({
    method: 'PUT',
    path: '/api/community/posts/:postId/pin',
    tags: ['community'],
    params: PostParams,
    body: z.object({ pinned: z.boolean({ error: 'Say whether the post is pinned.' }) }),
    response: { 200: z.object({ data: CommunityPost }) },
  }),
  shareTrade: endpoint({
    method: 'POST',
    path: '/api/community/shared-trades',
    tags: ['community'],
    body: ShareTradeRequest,
    response: { 201: z.object({ data: CommunityPost }) },
  }),
  reportPost: endpoint({
    method: 'POST',
    path: '/api/community/posts/:postId/reports',
    tags: ['community'],
    params: PostParams,
    body: ReportPostRequest,
    response: { 201: MessageBody },
  }),
  /** Staff: open reports grouped by post, or the posts hidden by moderators. */
  listReports: endpoint({
    method: 'GET',
    path: '/api/community/reports',
    tags: ['community'],
    query: z.object({ view: z.enum(['open', 'hidden']).default('open') }),
    response: { 200: z.object({ data: z.array(ReportedPost) }) },
  }),
  hidePost: endpoint({
    method: 'PUT',
    path: '/api/community/posts/:postId/hidden',
    tags: ['community'],
    params: PostParams,
    body: z.object({ hidden: z.boolean({ error: 'Say whether the post is hidden.' }) }),
    response: { 200: MessageBody },
  }),
  dismissReports: endpoint({
    method: 'POST',
    path: '/api/community/posts/:postId/reports/dismiss',
    tags: ['community'],
    params: PostParams,
    response: { 200: MessageBody },
  }),
  listRestrictions: endpoint({
    method: 'GET',
    path: '/api/community/restrictions',
    tags: ['community'],
    response: { 200: z.object({ data: z.array(CommunityRestriction) }) },
  }),
  restrictMember: endpoint({
    method: 'POST',
    path: '/api/community/restrictions/:userId',
    tags: ['community'],
    params: z.object({ userId: z.string() }),
    body: RestrictMemberRequest,
    response: { 200: z.object({ data: CommunityRestriction }) },
  }),
  liftRestriction: endpoint({
    method: 'DELETE',
    path: '/api/community/restrictions/:userId/:kind',
    tags: ['community'],
    params: RestrictionParams,
    response: { 200: MessageBody },
  }),
};

import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SharedTradeCard } from '@th/contracts';
import { nowByDefault, storedImage, timestamps } from './columns.ts';
import { memberId } from './members.ts';
import { trades } from './trades.ts';

/** A community channel staff create and order; staff-only ones are hidden from members, read-only ones take staff posts only. */
export const communityChannels = pgTable('community_channels', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  description: text().notNull().default(''),
  staffOnly: boolean().notNull().default(false),
  readOnly: boolean().notNull().default(false),
  position: integer().notNull().default(0),
  /**
   * Moves with every write that changes what the channel's pages show (its posts, replies,
   * reactions, images, pins, hiding, authors' names): database triggers (migration
   * community_page_revision) bump it in the writing transaction, whoever writes. Each app
   * instance keeps a page's shared part while it has not moved (modules/community/page-answers.ts).
   */
  pageRevision: bigint({ mode: 'number' }).notNull().default(0),
  ...timestamps(),
});

/**
 * A post or a reply (parentId set; one level deep). The body is sanitized rich text; a shared
 * trade carries its card, a snapshot taken when it was shared.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channelId: uuid()
      .notNull()
      .references(() => communityChannels.id, { onDelete: 'cascade' }),
    userId: memberId(),
    parentId: bigint({ mode: 'number' }).references((): AnyPgColumn => communityPosts.id, { onDelete: 'cascade' }),
    bodyHtml: text().notNull(),
    sharedTrade: jsonb().$type<SharedTradeCard>(),
    /** The journal trade a shared card came from: mentor replies to it show on that trade. */
    sharedTradeId: bigint({ mode: 'number' }).references(() => trades.id, { onDelete: 'set null' }),
    /** Written by staff: a reply shown as "Mentor reply". */
    mentor: boolean().notNull().default(false),
    pinned: boolean().notNull().default(false),
    createdAt: nowByDefault(),
    editedAt: timestamp({ withTimezone: true }),
    /** Hidden by a moderator: gone for members, shown to its author and staff as hidden. */
    hiddenAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A channel's page: top-level posts newest first (keyset on created_at, id). NULLS FIRST as
    // the page's `order by created_at desc, id desc` means it: with NULLS LAST the index cannot
    // give that order, and PostgreSQL sorted the whole channel for each page.
    index('community_posts_channel_created_idx')
      .on(t.channelId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    // A channel's pinned posts, without walking its whole page index to find the few pinned.
    index('community_posts_channel_pinned_idx')
      .on(t.channelId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null and ${t.pinned}`),
    // The live feed and unread counts: posts of a channel after an id.
    index('community_posts_channel_id_idx').on(t.channelId, t.id),
    // A thread in order, and each post's reply count as the viewer sees it (hidden replies left
    // out but their author's) from the index alone.
    index('community_posts_parent_idx').on(t.parentId, t.createdAt, t.hiddenAt, t.userId),
    index('community_posts_user_idx').on(t.userId),
    // A member's own hidden top-level posts in a channel, newest first: the few a kept page
    // (which shows members no hidden post) must add for their author.
    index('community_posts_own_hidden_idx')
      .on(t.userId, t.channelId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null and ${t.hiddenAt} is not null`),
    index('community_posts_shared_trade_idx').on(t.sharedTradeId).where(sql`${t.sharedTradeId} is not null`),
    // Search: the default parser reads HTML tags as tags, so the words of the body are indexed
    // without stripping the markup first (the query repeats this expression to use it).
    index('community_posts_search_idx').using('gin', sql`to_tsvector('english', ${t.bodyHtml})`),
  ],
);

/**
 * An image of a post or reply (at most four), stored in the database like journal screenshots so
 * every app instance serves it; it goes with its post (cascade) and so with the member's account.
 */
export const communityPostImages = pgTable(
  'community_post_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: memberId(),
    /** Its place in the post, from 0, as the member attached them. */
    position: smallint().notNull(),
    /** What it shows, in the member's words: the thumbnail's label and the full image's alt text. */
    alt: text().notNull().default(''),
    ...storedImage(),
    createdAt: nowByDefault(),
  },
  (t) => [uniqueIndex('community_post_images_post_position_idx').on(t.postId, t.position), index('community_post_images_user_idx').on(t.userId)],
);

/**
 * What the live feed tells open channels besides new posts: a post or reply a moderator hid
 * ("hidden") or showed again ("shown"). Every instance's feed reads the rows after the last id
 * it saw, as it reads new posts, so the change reaches browsers on all instances. On PostgreSQL
 * an insert here, like a new post, also wakes the feeds at once (NOTIFY community_feed,
 * migration community_feed_events).
 */
export const communityFeedEvents = pgTable('community_feed_events', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channelId: uuid()
    .notNull()
    .references(() => communityChannels.id, { onDelete: 'cascade' }),
  // No foreign key: the event of a post deleted since still names it for the browsers.
  postId: bigint({ mode: 'number' }).notNull(),
  parentId: bigint({ mode: 'number' }),
  /** The post's author, who (like staff) keeps seeing it marked hidden; gone with the member. */
  authorId: memberId(),
  kind: text().$type<'hidden' | 'shown' | 'deleted'>().notNull(),
  createdAt: nowByDefault(),
});

/** One member's reaction to a post (toggled: a row per member, post and reaction). */
export const communityReactions = pgTable(
  'community_reactions',
  {
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: memberId(),
    reaction: text().notNull(),
    createdAt: nowByDefault(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.reaction] }), index().on(t.userId)],
);

/** Where a member last read a channel: the newest post id seen (unread counts are the posts after it). */
export const communityReads = pgTable(
  'community_reads',
  {
    userId: memberId(),
    channelId: uuid()
      .notNull()
      .references(() => communityChannels.id, { onDelete: 'cascade' }),
    lastReadPostId: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: nowByDefault(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channelId] })],
);

/**
 * A member's report of a post or reply, once per member and post. Staff resolve the open ones
 * by hiding or deleting the post (deleting removes its reports with it) or by dismissing them;
 * who did it is in the staff audit log.
 */
export const communityReports = pgTable(
  'community_reports',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint({ mode: 'number' })
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: memberId(),
    reason: text().notNull(),
    note: text().notNull().default(''),
    createdAt: nowByDefault(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** 'hidden' or 'dismissed' once staff acted. */
    resolution: text(),
  },
  (t) => [
    uniqueIndex('community_reports_post_user_idx').on(t.postId, t.userId),
    // The staff queue: open reports.
    index('community_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    index().on(t.userId),
  ],
);

/**
 * A member's restriction in the community: muted (reads, cannot post) until a moment, or
 * suspended (can neither read nor post) until staff lift it. One row per member and kind; a
 * mute past its end no longer applies.
 */
export const communityRestrictions = pgTable(
  'community_restrictions',
  {
    userId: memberId(),
    kind: text().$type<'muted' | 'suspended'>().notNull(),
    /** The end of a mute; null for a suspension (until lifted). */
    until: timestamp({ withTimezone: true }),
    reason: text().notNull().default(''),
    createdAt: nowByDefault(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

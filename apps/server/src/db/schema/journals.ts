import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { nowByDefault, storedImage, timestamps } from './columns.ts';
import { memberId } from './members.ts';
import { playbooks } from './playbooks.ts';
import { trades } from './trades.ts';

/** A member's journal for one trading day: the narrative and how the day went. */
export const journalDays = pgTable(
  'journal_days',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: memberId(),
    date: date({ mode: 'string' }).notNull(),
    session: text(),
    sentiment: text(),
    planSummary: text(),
    /** Sanitized rich text (formatting only). */
    overallNotes: text(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [unique('journal_days_user_date_key').on(t.userId, t.date)],
);

export type TradeContextJson = {
  session: string | null;
  marketCondition: string | null;
  news: string | null;
};
export type TradeEmotionsJson = {
  before: string | null;
  during: string | null;
  after: string | null;
};
export type TradeChecklistJson = {
  planAligned: boolean;
  riskManaged: boolean;
  scalingRules: boolean;
};

/** A member's notes on one trade; goes when the trade goes. */
export const journalTradeEntries = pgTable(
  'journal_trade_entries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: memberId(),
    date: date({ mode: 'string' }).notNull(),
    tradeId: bigint({ mode: 'number' })
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    outcome: text(),
    /** Sanitized rich text (formatting only). */
    notes: text(),
    context: jsonb().$type<TradeContextJson>().notNull(),
    emotions: jsonb().$type<TradeEmotionsJson>().notNull(),
    checklist: jsonb().$type<TradeChecklistJson>().notNull(),
    labels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The setup the member traded; its deletion leaves the trade without one. */
    playbookId: bigint({ mode: 'number' }).references(() => playbooks.id, { onDelete: 'set null' }),
    /** Ids of the playbook's rules the member followed on this trade. */
    rulesFollowed: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The trade's entry_time, kept by triggers (migration 0026): the trade log's sort key, so a
     * page filtered by playbook is a walk of the playbook index in the page's order.
     */
    tradeEntryTime: timestamp({ withTimezone: true }),
    /**
     * Whether the trade is a bot run's (source 'bot'), kept by triggers (migration 0029): the
     * trade log leaves those out, and this lets a filtered page be paged on the index alone.
     */
    botTrade: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    unique('journal_trade_entries_user_trade_key').on(t.userId, t.tradeId),
    index('journal_trade_entries_user_date_idx').on(t.userId, t.date),
    // The trade log filtered by playbook: the member's entries of one playbook, newest trade first.
    index('journal_trade_entries_user_playbook_log_idx')
      .on(t.userId, t.playbookId, t.tradeEntryTime.desc(), t.tradeId.desc())
      .where(sql`not ${t.botTrade}`),
  ],
);

/**
 * The tags of each trade's journal entry, lower-cased (tags match in any case), one row a tag,
 * with the trade's sort key: the trade log filtered by a tag walks one index in the page's order
 * instead of unnesting every entry's labels. Written only by triggers on journal_trade_entries
 * (migration 0026); goes with the entry.
 */
export const journalTradeTags = pgTable(
  'journal_trade_tags',
  {
    entryId: bigint({ mode: 'number' })
      .notNull()
      .references(() => journalTradeEntries.id, { onDelete: 'cascade' }),
    userId: memberId(),
    tradeId: bigint({ mode: 'number' }).notNull(),
    tag: text().notNull(),
    tradeEntryTime: timestamp({ withTimezone: true }),
    /** The entry's playbook and bot_trade, copied by the same triggers (migration 0029). */
    playbookId: bigint({ mode: 'number' }),
    botTrade: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'journal_trade_tags_pkey', columns: [t.entryId, t.tag] }),
    // The trade log filtered by a tag, and by a tag and a playbook: one index walk each.
    index('journal_trade_tags_user_tag_log_idx')
      .on(t.userId, t.tag, t.tradeEntryTime.desc(), t.tradeId.desc())
      .where(sql`not ${t.botTrade}`),
    index('journal_trade_tags_user_playbook_tag_log_idx')
      .on(t.userId, t.playbookId, t.tag, t.tradeEntryTime.desc(), t.tradeId.desc())
      .where(sql`not ${t.botTrade}`),
  ],
);

/**
 * An image the member attached to a trade (trade_id set) or to the day (trade_id null). The bytes
 * live in the database every instance reaches, and go with the trade or the member by cascade.
 * `thumbnail` is the small copy the browser made (null: the daily log shows the image itself).
 */
export const journalScreenshots = pgTable(
  'journal_screenshots',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: memberId(),
    date: date({ mode: 'string' }).notNull(),
    tradeId: bigint({ mode: 'number' }).references(() => trades.id, { onDelete: 'cascade' }),
    ...storedImage(),
    createdAt: nowByDefault(),
  },
  (t) => [
    index('journal_screenshots_user_date_idx').on(t.userId, t.date),
    index('journal_screenshots_trade_idx').on(t.tradeId),
  ],
);

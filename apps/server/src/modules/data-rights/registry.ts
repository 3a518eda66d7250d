/**
 * Every table that holds something of a member, in one list: which section of the member's
 * archive it fills (or why it is left out) and what happens to it when the account is erased
 * (deleted, anonymized, or kept with the reason the business must keep it).
 *
 * `test/data-rights/registry.test.ts` reads the schema and fails when a table referencing a
 * member (a `user_id`/`actor_id` column, a foreign key to users, or a foreign key to a table
 * that does) is missing here, so a new table cannot be forgotten by the export or the erasure.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  accountClosures,
  alphaorbBotOrders,
  alphaorbBotRunEvents,
  alphaorbBotRuns,
  alphaorbBots,
  alphaorbRunnerLeases,
  apiTokens,
  auditLog,
  backtests,
  communityFeedEvents,
  communityPostImages,
  communityPosts,
  communityReactions,
  communityReads,
  communityReports,
  communityRestrictions,
  dataExports,
  journalDays,
  journalScreenshots,
  journalTradeEntries,
  journalTradeTags,
  liveSessionFeeds,
  moduleProgress,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  notificationSettings,
  pageViews,
  passwordTokens,
  playbooks,
  pushSubscriptions,
  reportDays,
  reportMonths,
  riskAccountRules,
  riskAccountStates,
  riskActions,
  riskEvents,
  riskPresets,
  riskRuleChanges,
  sessionAttendance,
  subscriptions,
  tradeExcursions,
  tradeRevisions,
  trades,
  tradingAccounts,
  tradingAccountSyncs,
  userRoles,
  users,
} from '../../db/schema/index.ts';

/** What erasure does to a table's rows of the member. */
export type Erasure =
  | { policy: 'delete'; how: string }
  | { policy: 'anonymize'; how: string }
  | { policy: 'keep'; reason: string };

export type RegistryEntry = {
  table: PgTable;
  /** The archive file (`<section>.json`) holding the rows, or null with the reason it is left out. */
  section: string | null;
  notExported?: string;
  /** Columns never written to the archive: secrets (hashes, sealed broker tokens). */
  omit?: readonly string[];
  /** The member's rows of this table. */
  scope: (userId: string) => SQL;
  erasure: Erasure;
};

const byUser = (column: Parameters<typeof eq>[0]) => (userId: string) => eq(column, userId) as SQL;
const CASCADE = 'deleted with the member record (foreign key on delete cascade)';

/**
 * A table of rows the member owns by its user_id, exported under `section` (null: left out,
 * `notExported` says why) and deleted with the member record unless `erasure` says otherwise.
 */
function owned(
  table: PgTable & { userId: AnyPgColumn },
  section: string | null,
  more: Partial<Omit<RegistryEntry, 'table' | 'section' | 'scope'>> = {},
): RegistryEntry {
  return {
    table,
    section,
    scope: byUser(table.userId),
    erasure: { policy: 'delete', how: CASCADE },
    ...more,
  };
}

export const DATA_REGISTRY: readonly RegistryEntry[] = [
  {
    table: users,
    section: 'profile',
    omit: ['passwordHash', 'permissions'],
    scope: byUser(users.id),
    erasure: { policy: 'delete', how: 'the member record is deleted last' },
  },
  owned(userRoles, 'roles'),
  owned(apiTokens, 'sessions', {
    omit: ['tokenHash'],
    erasure: { policy: 'delete', how: 'signed out when the account is closed; cascade' },
  }),
  owned(passwordTokens, null, {
    notExported: 'single-use password links: nothing but secrets and their expiry',
    erasure: { policy: 'delete', how: 'deleted when erasure starts; cascade' },
  }),
  owned(subscriptions, 'membership', {
    erasure: {
      policy: 'delete',
      how: `${CASCADE}; Stripe keeps the invoices, its customer renamed`,
    },
  }),
  owned(tradingAccounts, 'linked_accounts', {
    omit: ['credentialsEnc'],
    erasure: { policy: 'delete', how: `tokens erased at closing; ${CASCADE}` },
  }),
  owned(tradingAccountSyncs, 'linked_account_syncs'),
  owned(pageViews, 'page_views', {
    erasure: {
      policy: 'anonymize',
      how: 'user_id set to null (foreign key on delete set null): counts stay, the member goes',
    },
  }),
  owned(moduleProgress, 'course_progress'),
  owned(liveSessionFeeds, 'calendar_feed', {
    omit: ['tokenHash'],
  }),
  owned(sessionAttendance, 'live_session_attendance'),
  owned(trades, 'trades', {
    erasure: { policy: 'delete', how: 'deleted in batches by the trades module' },
  }),
  owned(tradeRevisions, null, {
    notExported: 'an internal counter of trade changes (cache key), no member data',
    erasure: { policy: 'delete', how: 'deleted by the trades module after the trades' },
  }),
  owned(tradeExcursions, null, {
    notExported: 'MAE and MFE computed from the trades, which the archive holds, and market bars',
    erasure: { policy: 'delete', how: 'deleted with their trade or the member record (cascade)' },
  }),
  owned(reportDays, null, {
    notExported: 'rollups computed from the trades, which the archive holds',
    erasure: { policy: 'delete', how: 'deleted by the reports module' },
  }),
  owned(reportMonths, null, {
    notExported: 'rollups computed from the trades, which the archive holds',
    erasure: { policy: 'delete', how: 'deleted by the reports module' },
  }),
  owned(journalDays, 'journal_days'),
  // trade_entry_time and bot_trade are copied from the trade for the trade log (trades holds them).
  owned(journalTradeEntries, 'trade_notes', { omit: ['tradeEntryTime', 'botTrade'] }),
  owned(journalTradeTags, null, {
    notExported: 'the trade notes\' tags lower-cased for the trade log filter; the archive holds them in trade_notes',
    erasure: { policy: 'delete', how: 'deleted with their journal entry or the member record (cascade)' },
  }),
  // The images themselves are files of the archive (screenshots/<id>.<type>), not JSON.
  owned(journalScreenshots, 'journal_screenshots', { omit: ['image', 'thumbnail', 'thumbnailType'] }),
  owned(playbooks, 'playbooks'),
  owned(alphaorbBots, 'alphaorb_bots', {
    erasure: { policy: 'delete', how: `stopped at closing; ${CASCADE}` },
  }),
  owned(alphaorbBotRuns, 'alphaorb_runs'),
  {
    table: alphaorbBotRunEvents,
    section: 'alphaorb_run_events',
    scope: (userId) =>
      sql`${alphaorbBotRunEvents.runId} in (select ${alphaorbBotRuns.id} from ${alphaorbBotRuns} where ${alphaorbBotRuns.userId} = ${userId})`,
    erasure: { policy: 'delete', how: 'deleted with their run (cascade)' },
  },
  {
    table: alphaorbBotOrders,
    section: 'alphaorb_orders',
    scope: (userId) =>
      sql`${alphaorbBotOrders.runId} in (select ${alphaorbBotRuns.id} from ${alphaorbBotRuns} where ${alphaorbBotRuns.userId} = ${userId})`,
    erasure: { policy: 'delete', how: 'deleted with their run (cascade)' },
  },
  {
    table: alphaorbRunnerLeases,
    section: null,
    notExported: "which server process drives a bot: the service's own bookkeeping",
    scope: (userId) =>
      sql`${alphaorbRunnerLeases.botId} in (select ${alphaorbBots.id} from ${alphaorbBots} where ${alphaorbBots.userId} = ${userId})`,
    erasure: { policy: 'delete', how: 'deleted with the bot (cascade)' },
  },
  owned(backtests, 'backtests'),
  owned(riskPresets, 'risk_presets'),
  owned(riskAccountRules, 'risk_account_rules'),
  owned(riskRuleChanges, 'risk_rule_changes'),
  owned(riskAccountStates, 'risk_account_locks', { omit: ['leaseOwner', 'leaseUntil'] }),
  owned(riskEvents, 'risk_review_log'),
  owned(riskActions, 'risk_actions'),
  owned(communityPosts, 'community_posts', {
    erasure: { policy: 'delete', how: `${CASCADE}; others' replies to the member's posts go with the thread` },
  }),
  {
    table: communityFeedEvents,
    section: null,
    notExported: "notices to open channel screens that one of the member's posts was hidden or deleted, pruned after a day",
    scope: byUser(communityFeedEvents.authorId),
    erasure: { policy: 'delete', how: CASCADE },
  },
  // The images themselves are files of the archive (community_images/<id>.<type>), not JSON.
  owned(communityPostImages, 'community_post_images', {
    omit: ['image', 'thumbnail', 'thumbnailType'],
    erasure: { policy: 'delete', how: `deleted with their post; ${CASCADE}` },
  }),
  owned(communityReactions, 'community_reactions'),
  owned(communityReads, 'community_reads'),
  owned(communityReports, 'community_reports'),
  owned(communityRestrictions, 'community_restrictions'),
  owned(notifications, 'notifications'),
  owned(notificationPreferences, 'notification_preferences'),
  owned(notificationSettings, 'notification_settings'),
  owned(notificationDeliveries, 'notification_emails', {
    erasure: { policy: 'delete', how: `unsent e-mails and pushes go with the member; ${CASCADE}` },
  }),
  owned(pushSubscriptions, 'push_devices', {
    // The keys a push is encrypted to: secrets of the browser, not information about the member.
    omit: ['p256dh', 'auth'],
  }),
  {
    table: auditLog,
    section: null,
    notExported: "staff's record of changes they made, not the member's own data",
    scope: (userId) =>
      sql`(${auditLog.actorId} = ${userId} or (${auditLog.subjectType} = 'member' and ${auditLog.subjectId} = ${userId}))`,
    erasure: {
      policy: 'keep',
      reason:
        "the audit log must be kept: the member's name, e-mail and phone are replaced, ids stay",
    },
  },
  owned(dataExports, null, {
    notExported: 'the archives themselves',
    omit: ['archive'],
  }),
  owned(accountClosures, 'account_closure', {
    erasure: {
      policy: 'keep',
      reason:
        'the record that the account was closed and erased: ids, dates and steps only (the staff reason is cleared)',
    },
  }),
];

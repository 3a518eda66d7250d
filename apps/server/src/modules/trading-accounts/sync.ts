/**
 * Trade sync (trading-tools §7.2): orders history → round-trip trades → the journal, through
 * the trades module's idempotent upsert. One account at a time holds a lease, so the member's
 * button, the background job and other instances never sync the same account at once.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { SYNC_COOLDOWN_SECONDS, type SyncResponse } from '@th/contracts';
import { moneyText } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { tradingAccounts, tradingAccountSyncs } from '../../db/schema/index.ts';
import { isBrokerError, reconstructTrades, type ReconstructedTrade } from '../broker/index.ts';
import { upsertSyncedTrades, type SyncedTradeInput } from '../trades/index.ts';
import { openBrokerSession } from './broker-session.ts';

type AccountRow = typeof tradingAccounts.$inferSelect;

const DAY_MS = 86_400_000;
/** The first sync reaches back a year; later ones start where the last one left off. */
export const FIRST_SYNC_DAYS = 365;
/** Re-read a day before the last sync: late broker corrections land in the journal too. */
const OVERLAP_MS = DAY_MS;
/** A crashed sync frees its account after this long. */
const LEASE_MS = 5 * 60_000;

export const RELINK_MESSAGE = 'TradeLocker no longer accepts the saved login. Link this account again to resume syncing.';
const UNAVAILABLE_MESSAGE = 'TradeLocker did not answer. Sync will try again shortly.';

export type AccountSyncOutcome =
  | { kind: 'synced'; inserted: number; updated: number; unchanged: number }
  | { kind: 'skipped'; reason: 'disabled' | 'cooldown' | 'in_progress' }
  | { kind: 'failed'; message: string };

const accountName = (row: AccountRow) => row.label || row.name;

/** Claims the account for one sync; null when another sync holds it. */
async function claim(ctx: AppContext, row: AccountRow) {
  const now = ctx.now();
  const [lease] = await ctx.db
    .insert(tradingAccountSyncs)
    .values({ tradingAccountId: row.id, userId: row.userId, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .onConflictDoUpdate({
      target: tradingAccountSyncs.tradingAccountId,
      set: { leaseUntil: new Date(now.getTime() + LEASE_MS) },
      setWhere: or(isNull(tradingAccountSyncs.leaseUntil), lt(tradingAccountSyncs.leaseUntil, now)),
    })
    .returning({ historyFrom: tradingAccountSyncs.historyFrom });
  return lease ?? null;
}

function toSyncedTrade(trade: ReconstructedTrade, instruments: Map<string, string>): SyncedTradeInput {
  const id = trade.instrumentId ?? '';
  return {
    brokerPositionId: trade.positionId,
    entryOrderId: trade.entryOrderId,
    exitOrderId: trade.exitOrderId,
    instrument: instruments.get(id) ?? `#${id}`,
    side: trade.side,
    type: trade.type,
    quantity: trade.qty,
    entryTime: trade.entryTime,
    exitTime: trade.exitTime,
    entryPrice: trade.entryPrice,
    exitPrice: trade.exitPrice,
    stopLoss: trade.stopLoss,
    takeProfit: trade.takeProfit,
    fee: trade.fee,
    swap: trade.swap,
    grossPnl: trade.grossPnl,
    netPnl: trade.netPnl,
  };
}

/** Pulls the account's history since its cursor and writes the closed positions. */
async function pull(ctx: AppContext, row: AccountRow, historyFrom: Date | null): Promise<AccountSyncOutcome> {
  const session = openBrokerSession(ctx, row);
  if (!session) throw Object.assign(new Error(RELINK_MESSAGE), { needsRelink: true });
  const started = ctx.now().getTime();
  const to = started;
  const from = historyFrom?.getTime() ?? to - FIRST_SYNC_DAYS * DAY_MS;

  // Different rate-limit buckets: the small reads overlap the history paging.
  const [state, instruments, history, open] = await Promise.all([
    session.call((ref) => session.client.accountState(ref)),
    session.call((ref) => session.client.instruments(ref)),
    session.call((ref) => session.client.ordersHistory(ref, { from, to })),
    session.call((ref) => session.client.positions(ref)),
  ]);

  const names = new Map(instruments.map((i) => [i.tradableInstrumentId, i.name]));
  const trades = reconstructTrades(history).map((trade) => toSyncedTrade(trade, names));
  const result = await upsertSyncedTrades(ctx.db, {
    userId: row.userId,
    tradingAccountId: row.id,
    accountLabel: accountName(row),
    accountIdentifier: row.accNum,
    trades,
  });

  // The next window starts before every position still open, so its opening fill is re-read.
  const openSince = open.map((p) => p.openDate).filter((t): t is number => t !== null);
  const nextFrom = Math.min(to - OVERLAP_MS, ...openSince.map((t) => t - 60_000));
  const balance = state.balance;
  const now = ctx.now();
  await ctx.db
    .update(tradingAccounts)
    .set({
      ...(balance !== null && balance !== undefined ? { balance: moneyText(balance) } : {}),
      connection: 'healthy',
      lastSyncedAt: now,
      lastSyncError: null,
      updatedAt: now,
    })
    .where(eq(tradingAccounts.id, row.id));
  await ctx.db
    .update(tradingAccountSyncs)
    .set({
      historyFrom: new Date(nextFrom),
      lastAttemptAt: now,
      lastDurationMs: now.getTime() - started,
      consecutiveFailures: 0,
    })
    .where(eq(tradingAccountSyncs.tradingAccountId, row.id));
  ctx.memory.metrics.syncs.inc({ outcome: 'synced' });
  return { kind: 'synced', ...result };
}

const needsRelink = (error: unknown) =>
  (isBrokerError(error) && error.needsRelink) || (error as { needsRelink?: boolean } | null)?.needsRelink === true;

async function recordFailure(ctx: AppContext, row: AccountRow, relink: boolean, message: string) {
  const now = ctx.now();
  await ctx.db
    .update(tradingAccounts)
    .set({ connection: relink ? 'needs_relink' : 'error', lastSyncError: message, updatedAt: now })
    .where(eq(tradingAccounts.id, row.id));
  await ctx.db
    .update(tradingAccountSyncs)
    .set({ lastAttemptAt: now, consecutiveFailures: sql`${tradingAccountSyncs.consecutiveFailures} + 1` })
    .where(eq(tradingAccountSyncs.tradingAccountId, row.id));
}

/** Syncs one linked account. Never throws for broker trouble: the outcome says what happened. */
export async function syncAccount(ctx: AppContext, row: AccountRow): Promise<AccountSyncOutcome> {
  if (row.status === 'disabled') return { kind: 'skipped', reason: 'disabled' };
  // A dead login is never retried: only the member can fix it by linking again.
  if (row.connection === 'needs_relink') return { kind: 'failed', message: row.lastSyncError ?? RELINK_MESSAGE };
  const lease = await claim(ctx, row);
  if (!lease) return { kind: 'skipped', reason: 'in_progress' };
  try {
    try {
      return await pull(ctx, row, lease.historyFrom);
    } catch (error) {
      if (!needsRelink(error)) throw error;
      // Another account of the same login may have just rotated the shared refresh token.
      const [fresh] = await ctx.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, row.id));
      if (!fresh || fresh.credentialsEnc === row.credentialsEnc) throw error;
      return await pull(ctx, fresh, lease.historyFrom);
    }
  } catch (error) {
    const relink = needsRelink(error);
    if (!relink && !isBrokerError(error)) {
      ctx.log.error({ err: error, tradingAccountId: row.id }, 'trade sync failed');
    }
    const message = relink ? RELINK_MESSAGE : UNAVAILABLE_MESSAGE;
    await recordFailure(ctx, row, relink, message);
    ctx.memory.metrics.syncs.inc({ outcome: relink ? 'needs_relink' : 'failed' });
    return { kind: 'failed', message };
  } finally {
    await ctx.db
      .update(tradingAccountSyncs)
      .set({ leaseUntil: null })
      .where(eq(tradingAccountSyncs.tradingAccountId, row.id));
  }
}

export type MemberSyncResult = SyncResponse | { retryAfterSeconds: number; message: string };

/**
 * The member's Sync button: every linked account in turn. Accounts synced in the last 180 s are
 * skipped whatever the client asks (each sync costs several calls on the platform-wide broker
 * key); when that is all of them the caller answers 429.
 */
export async function syncMemberAccounts(ctx: AppContext, userId: string): Promise<MemberSyncResult> {
  const rows = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(eq(tradingAccounts.userId, userId))
    .orderBy(asc(tradingAccounts.createdAt));
  const now = ctx.now().getTime();
  const cooldownLeft = (row: AccountRow) =>
    row.lastSyncedAt
      ? Math.ceil((row.lastSyncedAt.getTime() + SYNC_COOLDOWN_SECONDS * 1000 - now) / 1000)
      : 0;

  const active = rows.filter((row) => row.status === 'active' && row.connection !== 'needs_relink');
  if (active.length > 0 && active.every((row) => cooldownLeft(row) > 0)) {
    const wait = Math.min(...active.map(cooldownLeft));
    return { retryAfterSeconds: wait, message: `Please wait ${wait} seconds before syncing again.` };
  }

  const response: SyncResponse = { synced: [], skipped: [], failed: [], message: 'Sync complete' };
  for (const row of rows) {
    const entry = { id: row.id, name: accountName(row) };
    const outcome =
      row.status === 'active' && row.connection !== 'needs_relink' && cooldownLeft(row) > 0
        ? ({ kind: 'skipped', reason: 'cooldown' } as const)
        : await syncAccount(ctx, row);
    if (outcome.kind === 'synced') {
      response.synced.push({ ...entry, inserted: outcome.inserted, updated: outcome.updated, unchanged: outcome.unchanged });
    } else if (outcome.kind === 'skipped') response.skipped.push({ ...entry, reason: outcome.reason });
    else response.failed.push({ ...entry, message: outcome.message });
  }
  return response;
}

/** Active accounts whose login still works: what the background sync visits. */
export async function accountsDueForSync(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: tradingAccounts.id })
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.status, 'active'), or(eq(tradingAccounts.connection, 'healthy'), eq(tradingAccounts.connection, 'error'))));
  return rows.map((row) => row.id);
}

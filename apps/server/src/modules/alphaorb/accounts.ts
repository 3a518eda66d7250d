/** The trading accounts a bot can run on and their instruments (§3.4, §7.1). */
import { and, asc, eq } from 'drizzle-orm';
import type { BotAccount, Instrument } from '@th/contracts';
import { canonicalInstrument } from '@th/domain';
import type { AppContext } from '../../context.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BrokerInstrument } from '../broker/index.ts';
import { botBrokerFor } from './broker.ts';

export type AccountRow = typeof tradingAccounts.$inferSelect;
export const NO_INSTRUMENTS = 'No instruments were found for this trading account.';
const CACHE_MS = 10 * 60_000;


export function toBotAccount(row: AccountRow): BotAccount {
  return {
    id: row.id,
    label: row.label || row.name,
    account_id: row.brokerAccountId,
    platform: row.platform === 'tradelocker' ? 'TradeLocker' : row.platform,
    type: row.environment,
  };
}

export function toInstrument(i: BrokerInstrument): Instrument {
  return {
    id: i.tradableInstrumentId,
    symbol: canonicalInstrument(i.name) ?? i.name,
    name: i.description ?? i.name,
  };
}

export async function ownedAccount(ctx: AppContext, userId: string, id: string): Promise<AccountRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.id, id), eq(tradingAccounts.userId, userId)));
  return row ?? null;
}

/** The broker's instruments of an account, cached per account unless a refresh is asked for. */
export async function brokerInstruments(ctx: AppContext, account: AccountRow, refresh = false) {
  const cache = ctx.memory.botInstruments;
  const hit = cache.get(account.id);
  if (hit && !refresh && ctx.now().getTime() - hit.at < CACHE_MS) return hit.list;
  const broker = await botBrokerFor(ctx, account);
  if (!broker) return [];
  const list = await broker.instruments().catch((error: unknown) => {
    ctx.log.warn({ err: error, account: account.id }, 'instrument list failed');
    throw new AppError('upstream', 'Unable to load instruments for this account.');
  });
  cache.set(account.id, { at: ctx.now().getTime(), list });
  return list;
}

export async function listAccounts(ctx: AppContext, userId: string, includeInstruments: boolean) {
  const rows = await ctx.db
    .select()
    .from(tradingAccounts)
    .where(and(eq(tradingAccounts.userId, userId), eq(tradingAccounts.status, 'active')))
    .orderBy(asc(tradingAccounts.createdAt));
  const accounts: BotAccount[] = [];
  for (const row of rows) {
    const account = toBotAccount(row);
    if (includeInstruments) {
      // One unreachable broker must not hide the other accounts.
      const list = await brokerInstruments(ctx, row).catch(() => []);
      account.instruments = list.map(toInstrument);
    }
    accounts.push(account);
  }
  return { accounts };
}

export async function accountInstruments(ctx: AppContext, userId: string, accountId: string, refresh: boolean) {
  const row = await ownedAccount(ctx, userId, accountId);
  if (!row) throw new AppError('not_found', 'Trading account not found.');
  const list = await brokerInstruments(ctx, row, refresh);
  if (list.length === 0) throw new AppError('not_found', NO_INSTRUMENTS);
  return { instruments: list.map(toInstrument) };
}

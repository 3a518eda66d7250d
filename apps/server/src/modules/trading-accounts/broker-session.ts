/**
 * The stored side of a TradeLocker login: one client per host, the broker tokens sealed with
 * AES-256-GCM under APP_KEY, and a token holder that persists refreshed tokens. The accounts of
 * one login share one sealed value (a refresh token is single-use), so a refresh rewrites
 * every row that still holds the old one.
 */
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import { decrypt, encrypt } from '../../lib/secrets.ts';
import {
  brokerBaseUrl,
  createTokenHolder,
  createTradeLockerClient,
  type BrokerEnvironment,
  type BrokerTokens,
  type TokenHolder,
  type TradeLockerClient,
} from '../broker/index.ts';

type AccountRow = typeof tradingAccounts.$inferSelect;

// Clients keep per-account rate windows and config caches: shared per process (ctx.memory) and host.

export function brokerClient(ctx: AppContext, environment: BrokerEnvironment): TradeLockerClient {
  const baseUrl = brokerBaseUrl(ctx.config, environment);
  const clients = ctx.memory.brokerClients;
  let client = clients.get(baseUrl);
  if (!client) {
    client = createTradeLockerClient({
      baseUrl,
      ...(ctx.config.BROKER_DEVELOPER_KEY ? { developerKey: ctx.config.BROKER_DEVELOPER_KEY } : {}),
      now: () => ctx.now().getTime(),
      retry: {
        timeoutMs: ctx.config.BROKER_TIMEOUT_MS,
        baseDelayMs: ctx.config.BROKER_RETRY_BASE_MS,
        maxDelayMs: Math.max(ctx.config.BROKER_RETRY_BASE_MS * 16, 1),
      },
    });
    clients.set(baseUrl, client);
  }
  return client;
}

/** Tokens as the broker sent them, or as the browser handed them back (expiry maybe unknown). */
export type LoginTokens = { accessToken: string; refreshToken: string; expireDate?: string | undefined };

export function sealTokens(ctx: AppContext, tokens: LoginTokens) {
  const parsed = Date.parse(tokens.expireDate ?? '');
  // Without a known expiry, assume the documented one-hour lifetime from now; a 401 refreshes.
  const expiresAt = Number.isNaN(parsed) ? ctx.now().getTime() + 60 * 60_000 : parsed;
  const sealed: BrokerTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expireDate: new Date(expiresAt).toISOString(),
    expiresAt,
  };
  return { credentialsEnc: encrypt(ctx.config.appKey, JSON.stringify(sealed)), tokenExpiresAt: new Date(expiresAt) };
}

export function openTokens(ctx: AppContext, row: Pick<AccountRow, 'credentialsEnc'>): BrokerTokens | null {
  if (!row.credentialsEnc) return null;
  try {
    const value = JSON.parse(decrypt(ctx.config.appKey, row.credentialsEnc)) as BrokerTokens;
    return typeof value.accessToken === 'string' && typeof value.refreshToken === 'string' ? value : null;
  } catch {
    // A changed APP_KEY or a damaged value: only a new login can help.
    return null;
  }
}

export type BrokerSession = {
  client: TradeLockerClient;
  holder: TokenHolder;
  /** The /trade/* address of the account with a fresh access token. */
  call<T>(run: (ref: { accessToken: string; accountId: string; accNum: string }) => Promise<T>): Promise<T>;
};

/** A session for one linked account; refreshed tokens are stored before they are used. */
export function openBrokerSession(ctx: AppContext, row: AccountRow): BrokerSession | null {
  const tokens = openTokens(ctx, row);
  if (!tokens || !row.accNum) return null;
  const client = brokerClient(ctx, row.environment);
  let sealed = row.credentialsEnc!;
  const holder = createTokenHolder({
    client,
    tokens,
    now: () => ctx.now().getTime(),
    onRefreshed: async (fresh) => {
      const next = sealTokens(ctx, fresh);
      await ctx.db
        .update(tradingAccounts)
        .set({ ...next, updatedAt: ctx.now() })
        .where(and(eq(tradingAccounts.userId, row.userId), eq(tradingAccounts.credentialsEnc, sealed)));
      sealed = next.credentialsEnc;
    },
  });
  const accNum = row.accNum;
  return {
    client,
    holder,
    call: (run) => holder.withAccess((accessToken) => run({ accessToken, accountId: row.brokerAccountId, accNum })),
  };
}

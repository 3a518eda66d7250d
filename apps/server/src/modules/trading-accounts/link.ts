/**
 * Linking TradeLocker accounts (platform §2 Link wizard). Discovery logs in on the member's
 * behalf so the developer key stays on the server; the password is used once and never stored
 * or logged. Linking re-lists the accounts with the access token: the browser's ids and
 * balances are never taken on trust.
 */
import { STATUS_CODES } from 'node:http';
import type { DiscoverAccountsBody, DiscoveredAccount, LinkAccountsBody } from '@th/contracts';
import { moneyText } from '@th/domain';
import type { AppContext, AuthContext } from '../../context.ts';
import { tradingAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { isBrokerError, type BrokerAccount } from '../broker/index.ts';
import { brokerClient, sealTokens } from './broker-session.ts';
import { listLinkedAccounts } from './service.ts';
import { queueAccountSync } from './sync-jobs.ts';

export const LINK_INACTIVE_MESSAGE = 'Your membership is inactive. Update billing to link new trading accounts.';
export const UNREACHABLE_MESSAGE = 'Unable to reach TradeLocker. Please try again.';

function requireActive(auth: Pick<AuthContext, 'status'>) {
  if (auth.status !== 'active') throw new AppError('membership_inactive', LINK_INACTIVE_MESSAGE);
}

const withStatus = (status: number) => `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;

/** Platform §8: the broker's message with the status in parentheses, else 'Login failed (status)'. */
function loginFailure(error: unknown): AppError {
  if (!isBrokerError(error)) throw error;
  if (error.kind === 'bad_response') return new AppError('upstream', 'No access token returned from TradeLocker');
  if (error.status === null || error.kind === 'unavailable') {
    return error.status === null
      ? new AppError('upstream', UNREACHABLE_MESSAGE)
      : new AppError('upstream', `Login failed (${error.status})`);
  }
  const message = error.errmsg ? `${error.errmsg} (${withStatus(error.status)})` : `Login failed (${error.status})`;
  return new AppError('validation', message, { password: [message] });
}

function listingFailure(error: unknown): AppError {
  if (!isBrokerError(error)) throw error;
  if (error.status === null) return new AppError('upstream', UNREACHABLE_MESSAGE);
  return new AppError('upstream', error.errmsg ?? `Fetching accounts failed (${error.status})`);
}

const balanceOf = (account: BrokerAccount) => {
  const value = account.accountBalance === null ? NaN : Number(account.accountBalance);
  return Number.isFinite(value) ? value : null;
};

export async function discoverAccounts(
  ctx: AppContext,
  auth: Pick<AuthContext, 'status'>,
  body: DiscoverAccountsBody,
) {
  requireActive(auth);
  const client = brokerClient(ctx, body.accountType);
  const tokens = await client.login(body.email, body.password, body.server).catch((error: unknown) => {
    throw loginFailure(error);
  });
  const accounts = await client.allAccounts(tokens.accessToken).catch((error: unknown) => {
    throw listingFailure(error);
  });
  return {
    tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expireDate: tokens.expireDate },
    accounts: accounts.map(
      (account): DiscoveredAccount => ({
        id: account.id,
        number: account.accNum,
        balance: balanceOf(account),
        currency: account.currency || 'USD',
        platform: 'TradeLocker',
        name: account.name || `TradeLocker ${account.accNum}`,
        status: account.status || null,
        type: body.accountType,
      }),
    ),
  };
}

/**
 * Stores the chosen accounts. Linking one again updates it in place: fresh tokens, label,
 * balance, and it becomes active and healthy again (this is how a disabled or needs-relink
 * account is reactivated).
 */
export async function linkAccounts(ctx: AppContext, auth: Pick<AuthContext, 'userId' | 'status'>, body: LinkAccountsBody) {
  requireActive(auth);
  const environment = body.credentials.accountType;
  const listed = await brokerClient(ctx, environment)
    .allAccounts(body.tokens.accessToken)
    .catch((error: unknown) => {
      if (isBrokerError(error, 'auth')) {
        throw new AppError('validation', 'Your TradeLocker session has expired. Discover your accounts again.');
      }
      throw listingFailure(error);
    });
  const byId = new Map(listed.map((account) => [account.id, account]));
  const chosen = new Map(body.accounts.map((account) => [account.id.trim(), account]));
  for (const id of chosen.keys()) {
    if (!byId.has(id)) throw AppError.invalid('accounts', `TradeLocker did not list account ${id} for this login.`);
  }

  const now = ctx.now();
  const sealed = sealTokens(ctx, body.tokens);
  const rows = [...chosen.entries()].map(([id, requested]) => {
    const account = byId.get(id)!;
    const label = requested.label?.trim() || null;
    const balance = balanceOf(account);
    return {
      userId: auth.userId,
      platform: 'tradelocker',
      environment,
      brokerAccountId: id,
      accNum: account.accNum,
      name: account.name || `TradeLocker ${account.accNum}`,
      label,
      currency: account.currency || 'USD',
      balance: moneyText(balance),
      brokerStatus: account.status || null,
      status: 'active' as const,
      connection: 'healthy' as const,
      server: body.credentials.server,
      brokerEmail: body.credentials.email.toLowerCase(),
      ...sealed,
      lastSyncError: null,
      updatedAt: now,
    };
  });

  const stored = await ctx.db.transaction(async (tx) => {
    const out: string[] = [];
    for (const row of rows) {
      const { userId: _u, platform: _p, environment: _e, brokerAccountId: _b, ...changes } = row;
      const [saved] = await tx
        .insert(tradingAccounts)
        .values(row)
        .onConflictDoUpdate({
          target: [tradingAccounts.userId, tradingAccounts.platform, tradingAccounts.environment, tradingAccounts.brokerAccountId],
          set: changes,
        })
        .returning({ id: tradingAccounts.id });
      out.push(saved!.id);
    }
    return out;
  });

  for (const id of stored) await queueAccountSync(ctx, id);
  const all = await listLinkedAccounts(ctx.db, auth.userId);
  const data = all.filter((account) => stored.includes(account.id));
  const message = data.length === 1 ? 'Trading account linked.' : `${data.length} trading accounts linked.`;
  return { data, message };
}

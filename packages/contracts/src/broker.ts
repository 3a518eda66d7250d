import { z } from 'zod';
import { MessageBody } from './common.ts';
import { entryEndpoints } from './client-endpoints.ts';
import { endpoint, withSchemas, type EndpointSchemas } from './endpoint.ts';
import { LinkedAccount, LinkedAccountStatus } from './trading-accounts.ts';

/** Live or demo: TradeLocker runs one host per environment and ids are unique per host. */
export const BrokerEnvironment = z.enum(['live', 'demo']);
export type BrokerEnvironment = z.infer<typeof BrokerEnvironment>;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Step 2 of the link wizard: the member's TradeLocker login (the password is never stored). */
export const DiscoverAccountsBody = z.object({
  email: required('Enter your TradeLocker email.').max(191),
  password: z
    .string({ error: 'Enter your TradeLocker password.' })
    .min(1, 'Enter your TradeLocker password.')
    .max(256),
  server: required('Enter your TradeLocker server.').max(100),
  accountType: BrokerEnvironment,
});
export type DiscoverAccountsBody = z.infer<typeof DiscoverAccountsBody>;

/** The broker's tokens, handed to the browser only so it can send them back with the link. */
export const BrokerTokens = z.object({
  accessToken: z.string().min(1).max(4096),
  refreshToken: z.string().min(1).max(4096),
  expireDate: z.string().max(64).optional(),
});
export type BrokerTokens = z.infer<typeof BrokerTokens>;

/** A discovered broker account (platform §3). */
export const DiscoveredAccount = z.object({
  id: z.string(),
  number: z.string(),
  balance: z.number().nullable(),
  currency: z.string(),
  platform: z.literal('TradeLocker'),
  name: z.string(),
  status: z.string().nullable(),
  type: BrokerEnvironment,
});
export type DiscoveredAccount = z.infer<typeof DiscoveredAccount>;

export const DiscoverAccountsResponse = z.object({
  tokens: BrokerTokens.required(),
  accounts: z.array(DiscoveredAccount),
});
export type DiscoverAccountsResponse = z.infer<typeof DiscoverAccountsResponse>;

/** The link payload (platform §3); balance and number are informative, the server re-lists. */
export const LinkAccountsBody = z.object({
  platform: z
    .string()
    .trim()
    .refine(
      (v) => v.toLowerCase() === 'tradelocker',
      'Only TradeLocker accounts can be linked for now.',
    ),
  credentials: z.object({
    email: required('Enter your TradeLocker email.').max(191),
    server: required('Enter your TradeLocker server.').max(100),
    accountType: BrokerEnvironment,
  }),
  tokens: BrokerTokens,
  accounts: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(64),
        number: z.string().max(64).nullish(),
        platform: z.string().max(40).nullish(),
        balance: z.union([z.number(), z.string()]).nullish(),
        currency: z.string().max(10).nullish(),
        label: z.string().max(100, 'Labels are limited to 100 characters.').nullish(),
      }),
    )
    .min(1, 'Select at least one account to link.')
    .max(50),
});
export type LinkAccountsBody = z.infer<typeof LinkAccountsBody>;

export const LinkAccountsResponse = z.object({ data: z.array(LinkedAccount), message: z.string() });
export type LinkAccountsResponse = z.infer<typeof LinkAccountsResponse>;

export const SyncQuery = z.object({
  respect_cooldown: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** POST /api/trading-accounts/sync (trading-tools §7.2): per-account outcome. */
export const SyncResponse = z.object({
  synced: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      inserted: z.number(),
      updated: z.number(),
      unchanged: z.number(),
    }),
  ),
  skipped: z.array(z.object({ id: z.string(), name: z.string(), reason: z.string() })),
  failed: z.array(z.object({ id: z.string(), name: z.string(), message: z.string() })),
  message: z.string(),
});
export type SyncResponse = z.infer<typeof SyncResponse>;

export { SYNC_COOLDOWN_SECONDS } from './limits.ts';

const Params = z.object({ id: z.string().max(64) });

/** TradeDesk's Sync button (zod-free declaration in client-endpoints.ts). */
export const syncAccountsSchemas = {
  tags: ['trading-accounts'],
  query: SyncQuery,
  response: { 200: SyncResponse, 429: MessageBody },
} satisfies EndpointSchemas;

/** Linked broker accounts: discovering, linking, syncing, renaming, removing. */
export const tradingAccountEndpoints = {
  discoverAccounts: endpoint({
    method: 'POST',
    path: '/api/trading-accounts/discover',
    tags: ['trading-accounts'],
    body: DiscoverAccountsBody,
    response: { 200: DiscoverAccountsResponse },
  }),
  linkAccounts: endpoint({
    method: 'POST',
    path: '/api/trading-accounts/link',
    tags: ['trading-accounts'],
    body: LinkAccountsBody,
    response: { 200: LinkAccountsResponse },
  }),
  syncAccounts: withSchemas(entryEndpoints.syncAccounts, syncAccountsSchemas),
  updateTradingAccount: endpoint({
    method: 'PATCH',
    path: '/api/trading-accounts/:id',
    tags: ['trading-accounts'],
    params: Params,
    body: z.object({ status: LinkedAccountStatus }),
    response: { 200: z.object({ status: LinkedAccountStatus, updated_at: z.string() }) },
  }),
  removeTradingAccount: endpoint({
    method: 'DELETE',
    path: '/api/trading-accounts/:id',
    tags: ['trading-accounts'],
    params: Params,
    response: { 200: MessageBody },
  }),
};

// Broker sync benchmark: `npx tsx bench/sync-bench.ts`.
// 1. A first sync of an account whose history holds ≥ 10,000 orders (target ≤ 5 s).
// 2. A re-sync when nothing changed (target ≤ 1 s).
// The TradeLocker simulator runs in-process on loopback with its default rate limits and
// 1,000-row history pages; the database is embedded PGlite with the real migrations. The sync
// is the same service the API and the background job call.
import { DEMO_ACCOUNT, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SERVER, startBrokerSim } from '../packages/broker-sim/src/index.ts';
import { tradingAccounts, users } from '../apps/server/src/db/schema/index.ts';
import { discoverAccounts, linkAccounts } from '../apps/server/src/modules/trading-accounts/link.ts';
import { syncAccount } from '../apps/server/src/modules/trading-accounts/sync.ts';
import { brokerBenchContext, openScratchDatabase } from './support/broker-bench.ts';

const DAY = 86_400_000;
const POSITIONS = 5_000;

const now = Date.now();
const sim = await startBrokerSim({
  history: { accountId: DEMO_ACCOUNT.id, count: POSITIONS, from: now - 300 * DAY, to: now - 60_000, seed: 2025 },
});
const orders = [...sim.state.books.get(DEMO_ACCOUNT.id)!.orders.values()].length;

// Embedded PGlite by default; DATABASE_URL=postgres://… measures on a PostgreSQL server.
const scratch = await openScratchDatabase('th_sync_bench');
const { database } = scratch;
const ctx = brokerBenchContext(database, sim.url);

const [member] = await ctx.db.insert(users).values({ email: 'bench@example.com', status: 'active' }).returning();
const auth = { userId: member!.id, status: 'active' as const };
const found = await discoverAccounts(ctx, auth, { email: DEMO_EMAIL, password: DEMO_PASSWORD, server: DEMO_SERVER, accountType: 'demo' });
await linkAccounts(ctx, auth, {
  platform: 'TradeLocker',
  credentials: { email: DEMO_EMAIL, server: DEMO_SERVER, accountType: 'demo' },
  tokens: found.tokens,
  accounts: [{ id: DEMO_ACCOUNT.id, label: 'Bench' }],
});
const [row] = await ctx.db.select().from(tradingAccounts);

async function timed(label: string) {
  const [fresh] = await ctx.db.select().from(tradingAccounts);
  const started = performance.now();
  const outcome = await syncAccount(ctx, fresh ?? row!);
  const ms = performance.now() - started;
  console.log(`${label}: ${ms.toFixed(0)} ms`, outcome);
  return { ms, outcome };
}

const first = await timed(`first sync of ${orders.toLocaleString('en-US')} history orders`);
// The product's re-sync: from the stored cursor (a day before the last sync), nothing new.
const again = await timed('unchanged re-sync');
// The worst case for comparison: the whole year re-read and compared, every trade unchanged.
await database.query('update trading_account_syncs set history_from = null');
const full = await timed('unchanged re-sync of the full year (reference)');

const [count] = await database.query<{ n: number }>('select count(*)::int as n from trades');
const ok =
  orders >= 10_000 &&
  first.outcome.kind === 'synced' &&
  first.ms <= 5_000 &&
  again.outcome.kind === 'synced' &&
  again.outcome.inserted === 0 &&
  again.ms <= 1_000;
console.log(`trades stored: ${count!.n}; full re-read ${full.ms.toFixed(0)} ms; targets ${ok ? 'met' : 'MISSED'}`);
await scratch.drop();
await sim.close();
process.exit(ok ? 0 : 1);

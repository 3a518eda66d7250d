// Member reads benchmark: `npx tsx bench/member-reads-bench.ts` (PostgreSQL at
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh database is
// created and dropped). Seeds the demo content (levels of ten trading days, this week's market
// events, the courses, the live sessions) and the demo member's AlphaORB bot with two weeks of
// runs and trades, then times the reads a member repeats all day over HTTP (the real app in its
// own process, one keep-alive connection, the member's token): the first answer, then warm p50
// and p99 of 500 repeats. Twice in the same run: with ANSWER_CACHE=false (before: computed on
// every request) and with the default (after: answered from memory, keyed by revisions read
// from the database). Targets (after): warm p50 ≤ 3 ms, p99 ≤ 10 ms; exits non-zero when missed.
import { DEMO_ACCOUNT } from '@th/broker-sim';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { Pool } from 'undici';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { tradingAccounts, users } from '../apps/server/src/db/schema/index.ts';
import { sha256 } from '../apps/server/src/lib/secrets.ts';
import { seedAlphaorb } from '../apps/server/src/seed/alphaorb.ts';
import { seedCourses } from '../apps/server/src/seed/courses.ts';
import { seedDemoMembers } from '../apps/server/src/seed/demo-members.ts';
import { seedLevels } from '../apps/server/src/seed/levels.ts';
import { seedLiveSessions } from '../apps/server/src/seed/live-sessions.ts';
import { seedMarketEvents } from '../apps/server/src/seed/market-events.ts';
import { ensureRoles } from '../apps/server/src/seed/roles.ts';
import { benchContext, startBenchServer } from './support/bench-app.ts';
import { percentile } from './support/percentile.ts';

const WARM_P50_MS = 3;
const WARM_P99_MS = 10;
const WARM_RUNS = 500;
const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `th_member_reads_bench_${process.pid}`;

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(server);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString(), poolSize: 4 });

/** The demo content and member, as `npm start` seeds them (the linked account without a broker). */
async function seed() {
  const ctx = benchContext(database, url.toString());
  await ensureRoles(ctx);
  for (const seeder of [seedDemoMembers, seedLiveSessions, seedLevels, seedMarketEvents, seedCourses]) await seeder(ctx);
  const [member] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'member@example.com'));
  await ctx.db.insert(tradingAccounts).values({
    userId: member!.id,
    environment: 'demo',
    brokerAccountId: DEMO_ACCOUNT.id,
    accNum: DEMO_ACCOUNT.accNum,
    name: DEMO_ACCOUNT.name,
    currency: 'USD',
  });
  await seedAlphaorb(ctx);
  return member!.id;
}

let exitCode = 0;
try {
  await database.migrate();
  const memberId = await seed();
  await database.exec('analyze');
  const token = `bench-member-reads-${process.pid}`;
  await database.query(
    `insert into api_tokens (user_id, token_hash, name, expires_at) values ($1, $2, 'bench', now() + interval '1 day')`,
    [memberId, sha256(token)],
  );
  const [course] = await database.query<{ slug: string }>(`select slug from courses where status = 'published' order by sort_order limit 1`);
  const reads: [string, string][] = [
    ['dashboard: live sessions', '/api/live-sessions'],
    ['dashboard: high-impact events', '/api/market-events?scope=high'],
    ['market events (all)', '/api/market-events?scope=all'],
    ['levels', '/api/instrument-levels'],
    ['courses', '/api/courses'],
    ['a course', `/api/courses/${course!.slug}`],
    ['AlphaORB overview (week)', '/api/alphaorb/overview?range=week'],
  ];

  const results = new Map<string, Record<'before' | 'after', { first: number; p50: number; p99: number; bytes: number }>>();
  for (const phase of ['before', 'after'] as const) {
    const served = await startBenchServer(url.toString(), phase === 'before' ? { ANSWER_CACHE: 'false' } : {});
    const pool = new Pool(served.base, { connections: 1, pipelining: 1 });
    const get = async (path: string) => {
      const started = performance.now();
      const res = await pool.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
      const body = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${body}`);
      return { ms: performance.now() - started, bytes: body.length };
    };
    try {
      // The server's own first requests (connections, prepared statements) are not any read's.
      for (let i = 0; i < 20; i += 1) await get('/api/me/data-exports');
      for (const [label, path] of reads) {
        const first = await get(path);
        const times: number[] = [];
        for (let run = 0; run < WARM_RUNS; run += 1) times.push((await get(path)).ms);
        times.sort((a, b) => a - b);
        const entry = results.get(label) ?? ({} as Record<'before' | 'after', { first: number; p50: number; p99: number; bytes: number }>);
        entry[phase] = { first: first.ms, p50: percentile(times, 50), p99: percentile(times, 99), bytes: first.bytes };
        results.set(label, entry);
      }
    } finally {
      await pool.close();
      await served.stop();
    }
  }

  console.log('| read (GET) | answer | first (after) | warm p50 before → after | warm p99 before → after |');
  console.log('|---|---|---|---|---|');
  for (const [label, path] of reads) {
    const { before, after } = results.get(label)!;
    const kb = `${(after.bytes / 1024).toFixed(1)} kB`;
    console.log(
      `| ${label} \`${path.replace(/^\/api/, '')}\` | ${kb} | ${after.first.toFixed(1)} ms | ${before.p50.toFixed(2)} → ${after.p50.toFixed(2)} ms | ${before.p99.toFixed(2)} → ${after.p99.toFixed(2)} ms |`,
    );
    if (after.p50 > WARM_P50_MS || after.p99 > WARM_P99_MS) exitCode = 1;
  }
} finally {
  await database.close();
  if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
  else await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
if (exitCode) console.error(`A read missed its target (warm p50 ≤ ${WARM_P50_MS} ms, p99 ≤ ${WARM_P99_MS} ms).`);
process.exit(exitCode);

// Community benchmark (issue #23): `npx tsx bench/community-bench.ts` (PostgreSQL at
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; a fresh database is created
// and dropped; BENCH_KEEP=1 keeps it and BENCH_DB=<name> reruns the measurements on a kept one).
// 1. 1,000,000 posts and replies (and 1,500,000 reactions) in 10 channels, bulk-inserted with
//    generate_series; the busiest channel holds 300,000 top-level posts.
// 2. Two real app instances (apps/server/src/server.ts, ports 4521 and 4522, or BENCH_PORT and
//    the next). The busiest channel's first page (pinned posts + 30 posts with reply counts and
//    reactions) is asked by 50 members over 50 keep-alive connections from wrk (target p99 ≤ 50 ms).
// 3. 1,000 members hold the channel's live feed open (500 SSE connections per instance); the
//    resident memory of each instance before and after gives the cost of an idle connection.
//    Then 20 posts are written, alternately through each instance, and the time from sending
//    each POST until each of the 1,000 streams names it is measured (target p99 ≤ 1 s).
// BENCH_SKIP_PAGE=1 measures the live feed only; BENCH_SKIP_LIVE=1 the page only; BENCH_ANSWER_CACHE=false
// starts the instances with ANSWER_CACHE=false (every page computed afresh), to compare the kept
// pages against. Exits non-zero when a target is missed.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { percentile } from './support/percentile.ts';
import { benchToken, loadAverage, migratedClient } from './support/scratch-schema.ts';
import { sha256 } from '../apps/server/src/lib/secrets.ts';
import { cpuSeconds, startInstance, stopInstance, type Instance } from './load/instances.ts';
import { wrkLoad } from './support/wrk-load.ts';

const BASE_URL = (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const MEMBERS = 1_000;
const CHANNELS = 10;
const TOP_LEVEL = 700_000;
const REPLIES = 300_000;
const HOT_TOP_LEVEL = 300_000;
const REACTIONS = 1_500_000;
const CONCURRENCY = 50;
// wrk's seconds of load on the page (support/wrk-load.ts): warm-up, 50 connections, one.
const PAGE_SECONDS = { warmup: 2, many: 5, single: 3 };
const LISTENERS = 1_000;
const LIVE_POSTS = 20;
// BENCH_PORT=<n> serves the two instances on n and n + 1 (a shared machine's assigned range).
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4521);
const PORTS = [FIRST_PORT, FIRST_PORT + 1];
const APP_KEY = Buffer.alloc(32, 23).toString('base64');
const TARGET = { pageP99: 50, liveP99: 1_000 };

/** Member n's bearer token: derived, so a kept database needs no token file. */
const tokenOf = (n: number) => benchToken('community', n);


async function seed(url: string) {
  const client = await migratedClient(url);
  const started = performance.now();
  const users = await client.query<{ id: string }>(
    `insert into users (email, first_name, last_name)
     select 'community' || n || '@example.com', 'Member', 'No. ' || n from generate_series(1, $1) n order by n returning id`,
    [MEMBERS],
  );
  const ids = users.rows.map((row) => row.id);
  await client.query(`insert into subscriptions (user_id, vendor, plan_key, plan_name, status) select unnest($1::uuid[]), 'internal', 'trader', 'Trader', 'active'`, [ids]);
  await client.query(
    `insert into api_tokens (user_id, token_hash, name, expires_at) select unnest($1::uuid[]), unnest($2::text[]), 'bench', now() + interval '1 day'`,
    [ids, ids.map((_, n) => sha256(tokenOf(n)))],
  );
  await client.query(`create temp table m as select n - 1 as n, id from unnest($1::uuid[]) with ordinality as x(id, n)`, [ids]);
  await client.query(
    `insert into community_channels (name, slug, position) select 'Channel ' || n, case when n = 0 then 'general' else 'channel-' || n end, n
     from generate_series(0, $1 - 1) n`,
    [CHANNELS],
  );
  await client.query(`create temp table ch as select row_number() over (order by position) - 1 as n, id from community_channels`);
  // Top-level posts: the first HOT_TOP_LEVEL in the busiest channel, the rest spread over the
  // others; one a minute back from now, so the newest are in the busiest channel's first page.
  await client.query(
    `insert into community_posts (channel_id, user_id, body_html, created_at, pinned, hidden_at)
     select ch.id, m.id, '<p>Post number ' || g || ': the open was choppy, waited for the retest before entering.</p>',
       now() - make_interval(mins => g), g in (17, 4000), case when g % 97 = 0 then now() end
     from generate_series(1, $1) g
       join ch on ch.n = case when g <= $2 then 0 else 1 + g % ($3 - 1) end
       join m on m.n = g % $4`,
    [TOP_LEVEL, HOT_TOP_LEVEL, CHANNELS, MEMBERS],
  );
  // Replies under random top-level posts, weighted to the newest (the squared random number).
  await client.query(
    `insert into community_posts (channel_id, user_id, parent_id, body_html, created_at)
     select p.channel_id, m.id, p.id, '<p>Reply ' || x.g || ': agreed, same read on my side.</p>', p.created_at + interval '30 seconds'
     from (select g, 1 + floor(power(random(), 3) * $1)::int as parent from generate_series(1, $2) g) x
       join community_posts p on p.id = x.parent
       join m on m.n = x.g % $3`,
    [TOP_LEVEL, REPLIES, MEMBERS],
  );
  await client.query(
    `insert into community_reactions (post_id, user_id, reaction)
     select 1 + floor(power(random(), 3) * $1)::int, m.id, (array['thumbs_up','fire','bullseye','eyes','heart'])[1 + g % 5]
     from generate_series(1, $2) g join m on m.n = (g::bigint * 7919) % $3
     on conflict do nothing`,
    [TOP_LEVEL + REPLIES, REACTIONS, MEMBERS],
  );
  const seconds = (performance.now() - started) / 1000;
  await client.query('vacuum analyze');
  const [counts] = (
    await client.query<{ posts: string; reactions: string }>(
      `select (select count(*) from community_posts) as posts, (select count(*) from community_reactions) as reactions`,
    )
  ).rows;
  await client.end();
  return { seconds, posts: Number(counts!.posts), reactions: Number(counts!.reactions) };
}

/**
 * GETs of `path` from wrk over `connections` keep-alive connections for `seconds`, connection i
 * as member i; `bytes` is one answer's size, asked once before.
 */
async function loadPage(base: string, path: string, seconds: number, connections: number) {
  const headers = (member: number) => ({ authorization: `Bearer ${tokenOf(member)}`, accept: 'application/json' });
  const bytes = (await fetch(`${base}${path}`, { headers: headers(0) }).then((r) => r.text())).length;
  const requests = Array.from({ length: connections }, (_, member) => ({ method: 'GET', path, headers: headers(member) }));
  return { ...(await wrkLoad({ base, requests, connections, seconds })), bytes };
}

type Listener = { seen: Map<number, number>; request: http.ClientRequest };

/** One browser's live feed: an SSE stream of its own connection, noting when each post id arrives. */
function listen(base: string, member: number): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const seen = new Map<number, number>();
    const request = http.get(
      `${base}/api/community/channels/general/events`,
      { agent: false, headers: { authorization: `Bearer ${tokenOf(member)}`, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          for (const match of chunk.matchAll(/"id":(\d+)/g)) if (!seen.has(Number(match[1]))) seen.set(Number(match[1]), at);
        });
        res.on('error', () => undefined);
        resolve({ seen, request });
      },
    );
    request.on('error', reject);
  });
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
/** V8 heap in use, from the instance's Prometheus endpoint (loopback may scrape). */
async function heapUsed(instance: Instance) {
  const text = await fetch(`${instance.url}/metrics`).then((r) => r.text());
  return Number(/^(?:th_)?nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? Number.NaN);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function live(instances: Instance[]) {
  // Connect in waves of 50, as browsers arriving do, alternating the instances.
  const connectAll = async () => {
    const all: Listener[] = [];
    for (let n = 0; n < LISTENERS; n += 50) {
      all.push(...(await Promise.all(Array.from({ length: 50 }, (_, k) => listen(instances[(n + k) % instances.length]!.url, n + k)))));
    }
    return all;
  };
  // A first wave, closed again, so the memory compared is that of the connections and not of
  // the code paths warming up.
  for (const listener of await connectAll()) listener.request.destroy();
  await sleep(3_000);
  const memory = async () => Promise.all(instances.map(async (i) => ({ rss: rssOf(i.process.pid!), heap: await heapUsed(i) })));
  const before = await memory();
  const listeners = await connectAll();
  await sleep(3_000);
  const after = await memory();
  const perConnection = instances.map((_, k) => ({
    rss: (after[k]!.rss - before[k]!.rss) / (LISTENERS / instances.length),
    heap: (after[k]!.heap - before[k]!.heap) / (LISTENERS / instances.length),
  }));

  // Writes carry the XSRF pair (one serves both instances: they share APP_KEY, which signs it).
  const csrf = await fetch(`${instances[0]!.url}/sanctum/csrf-cookie`);
  const cookie = csrf.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const xsrf = cookie.slice('XSRF-TOKEN='.length);
  const sentAt = new Map<number, number>();
  for (let n = 0; n < LIVE_POSTS; n += 1) {
    // Spread over the poll interval; a poster of their own each time (10 posts a minute each).
    await sleep(300 + ((n * 457) % 900));
    const instance = instances[n % instances.length]!;
    const started = performance.now();
    const res = await fetch(`${instance.url}/api/community/channels/general/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenOf(LISTENERS - 1 - n)}`, 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
      body: JSON.stringify({ body_html: `<p>Live post ${n}</p>`, parent_id: null }),
    });
    const body = (await res.json()) as { data: { id: number } };
    if (res.status !== 201) throw new Error(`post: ${res.status} ${JSON.stringify(body)}`);
    sentAt.set(body.data.id, started);
  }
  await sleep(3_000);
  const latencies: number[] = [];
  let missing = 0;
  for (const listener of listeners) {
    for (const [id, at] of sentAt) {
      const seen = listener.seen.get(id);
      if (seen === undefined) missing += 1;
      else latencies.push(seen - at);
    }
  }
  for (const listener of listeners) listener.request.destroy();
  latencies.sort((a, b) => a - b);
  return {
    before,
    after,
    perConnection,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    deliveries: latencies.length,
    missing,
  };
}

async function main() {
  const reuse = process.env.BENCH_DB;
  const name = reuse ?? `th_bench_community_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${BASE_URL}/postgres` });
  await admin.connect();
  if (!reuse) await admin.query(`create database "${name}"`);
  const url = `${BASE_URL}/${name}`;
  const instances: Instance[] = [];
  const failures: string[] = [];
  try {
    if (reuse) console.log(`Reusing ${name}.`);
    else {
      console.log(`Seeding ${(TOP_LEVEL + REPLIES).toLocaleString()} posts into ${name}… (load ${loadAverage()})`);
      const seeded = await seed(url);
      console.log(`  ${seeded.posts.toLocaleString()} posts, ${seeded.reactions.toLocaleString()} reactions in ${seeded.seconds.toFixed(1)} s`);
    }
    const env = { DATABASE_URL: url, APP_KEY, RUN_WORKER: 'false', ANSWER_CACHE: process.env.BENCH_ANSWER_CACHE ?? 'true' };
    console.log(`ANSWER_CACHE=${env.ANSWER_CACHE}`);
    for (const [k, port] of PORTS.entries()) instances.push(await startInstance(`instance ${k + 1}`, port, env));

    const path = '/api/community/channels/general/posts';
    if (process.env.BENCH_SKIP_PAGE !== '1') {
      await loadPage(instances[0]!.url, path, PAGE_SECONDS.warmup, CONCURRENCY);
      const loadBefore = loadAverage();
      const cpuBefore = cpuSeconds(instances[0]!.process.pid);
      const page = await loadPage(instances[0]!.url, path, PAGE_SECONDS.many, CONCURRENCY);
      const appCpu = cpuSeconds(instances[0]!.process.pid) - cpuBefore;
      const single = await loadPage(instances[0]!.url, path, PAGE_SECONDS.single, 1);
      console.log(`\nload average ${loadBefore} → ${loadAverage()}`);
      console.log('| measurement | p50 ms | p95 ms | p99 ms | req/s | target |\n|---|---|---|---|---|---|');
      const row = (label: string, r: Awaited<ReturnType<typeof loadPage>>, target: string) =>
        console.log(`| ${label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(0)} | ${target} |`);
      row(`channel first page (${(page.bytes / 1024).toFixed(1)} kB), ${CONCURRENCY} connections`, page, `p99 ≤ ${TARGET.pageP99} ms`);
      row('channel first page, 1 connection', single, '—');
      const perRequest = (seconds: number) => `${((seconds * 1000) / page.requests).toFixed(3)} ms`;
      console.log(`CPU per request at ${CONCURRENCY} connections: app ${perRequest(appCpu)}, the client (wrk) ${perRequest(page.clientCpuSeconds)}`);
      if (page.p99 > TARGET.pageP99) failures.push(`page p99 ${page.p99.toFixed(1)} ms > ${TARGET.pageP99} ms`);
    }

    if (process.env.BENCH_SKIP_LIVE !== '1') {
      const loadLive = loadAverage();
      const feed = await live(instances);
      const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
      console.log(`\nlive feed, ${LISTENERS} SSE connections on ${instances.length} instances, ${LIVE_POSTS} posts; load average ${loadLive} → ${loadAverage()}`);
      console.log(`| measure | value |\n|---|---|`);
      console.log(`| post written → named on every stream, p50 / p95 / p99 / max | ${feed.p50.toFixed(0)} / ${feed.p95.toFixed(0)} / ${feed.p99.toFixed(0)} / ${feed.max.toFixed(0)} ms |`);
      console.log(`| deliveries (missing) | ${feed.deliveries} (${feed.missing}) |`);
      console.log(
        `| resident memory (V8 heap in use) before → with ${LISTENERS / instances.length} idle streams | ${instances
          .map((_, k) => `${mb(feed.before[k]!.rss)} (${mb(feed.before[k]!.heap)}) → ${mb(feed.after[k]!.rss)} (${mb(feed.after[k]!.heap)})`)
          .join(', ')} |`,
      );
      console.log(`| memory per idle connection, resident (V8 heap) | ${feed.perConnection.map((b) => `${(b.rss / 1024).toFixed(1)} kB (${(b.heap / 1024).toFixed(1)} kB)`).join(', ')} |`);
      if (feed.p99 > TARGET.liveP99) failures.push(`live p99 ${feed.p99.toFixed(0)} ms > ${TARGET.liveP99} ms`);
      if (feed.missing > 0) failures.push(`${feed.missing} deliveries missing`);
    }
  } finally {
    await Promise.all(instances.map(stopInstance));
    if (process.env.BENCH_KEEP === '1' || reuse) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  if (failures.length) {
    console.log(`\nMISSED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('\nAll community targets met.');
}

await main();

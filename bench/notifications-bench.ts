// Notifications benchmark (issue #25): `npx tsx bench/notifications-bench.ts` (PostgreSQL at
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; a fresh database is created
// and dropped).
// 1. 10,000 active members, each with 30 earlier notifications (a third unread), and two
//    published live sessions; the bench's clock is put at each one's 15-minute reminder in turn.
// 2. The worker's minute job (`sendSessionReminders`) runs with the clock at the due moment:
//    the time until every in-app notification is committed (target ≤ 2 s; a second connection
//    counts them as the bell would see them) and until every e-mail is queued (≤ 5 s). Then the
//    delivery job (`deliverDueNotifications`, what the queued job runs) hands the 10,000 e-mails
//    through the app's real SMTP mailer (nodemailer, SMTP_URL) to a minimal SMTP server on
//    loopback in a process of its own (support/smtp-sink.ts), target ≥ 200 e-mails/s: the first
//    session's over one SMTP connection per e-mail, the second's over nodemailer's pool.
// 3. The real app in its own process answers the bell's unread count to 50 members over 50
//    keep-alive connections from wrk (target p99 ≤ 20 ms), then over one.
// `--only=bell` skips step 2, to compare the bell's request path alone.
// Exits non-zero when a target is missed.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { pino } from 'pino';
import { benchToken, loadAverage, migratedClient } from './support/scratch-schema.ts';
import { sha256 } from '../apps/server/src/lib/secrets.ts';
import { benchContext, startBenchServer } from './support/bench-app.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { wrkLoad } from './support/wrk-load.ts';
import { cpuSeconds } from './load/instances.ts';

const BASE_URL = (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const MEMBERS = 10_000;
const EARLIER = 30;
const CONCURRENCY = 50;
// The bell's load from wrk (support/wrk-load.ts): a warm-up, then the measured seconds at 50
// connections and at one.
const WARMUP_SECONDS = 2;
const SECONDS = 5;
const SINGLE_SECONDS = 3;
const TARGET = { enqueueMs: 5_000, inAppMs: 2_000, mailsPerSecond: 200, bellP99: 20 };
// Two sessions, two hours apart, each starting on a whole minute; a 15-minute reminder is due
// 15 minutes before. The first one's e-mails go over one SMTP connection per message
// (`?pool=false` on SMTP_URL), the second's over the mailer's default pool of 10 connections.
const STARTS = [Date.UTC(2026, 10, 30, 14, 30), Date.UTC(2026, 10, 30, 16, 30)];
const SMTP_OPTIONS = ['?pool=false', ''];
const bellOnly = process.argv.includes('--only=bell');

const tokenOf = (n: number) => benchToken('notifications', n);

async function seed(url: string) {
  const client = await migratedClient(url);
  const users = await client.query<{ id: string }>(
    `insert into users (email, first_name, last_name, timezone)
     select 'notify' || n || '@example.com', 'Member', 'No. ' || n, (array['America/Toronto','Europe/London','Asia/Tokyo'])[1 + n % 3]
     from generate_series(1, $1) n order by n returning id`,
    [MEMBERS],
  );
  const ids = users.rows.map((row) => row.id);
  await client.query(`insert into subscriptions (user_id, vendor, plan_key, plan_name, status) select unnest($1::uuid[]), 'internal', 'trader', 'Trader', 'active'`, [ids]);
  await client.query(
    `insert into api_tokens (user_id, token_hash, name, expires_at) select unnest($1::uuid[]), unnest($2::text[]), 'bench', now() + interval '1 day'`,
    [ids.slice(0, CONCURRENCY), ids.slice(0, CONCURRENCY).map((_, n) => sha256(tokenOf(n)))],
  );
  await client.query(
    `insert into notifications (user_id, kind, event_key, title, body, link, created_at, read_at)
     select u.id, 'session_live', 'earlier:' || g, 'Morning Session is live', 'Join from the live sessions page.', '/sessions',
       now() - make_interval(hours => g), case when g % 3 = 0 then null else now() end
     from unnest($1::uuid[]) u(id), generate_series(1, $2) g`,
    [ids, EARLIER],
  );
  for (const [n, start] of STARTS.entries())
    await client.query(
      `insert into live_sessions (type, title, days, start_hour, start_minute, end_hour, end_minute, timezone, published)
       values ('live', $4, '{0,1,2,3,4,5,6}', $1, $2, $3, $2, 'UTC', true)`,
      [new Date(start).getUTCHours(), new Date(start).getUTCMinutes(), new Date(start).getUTCHours() + 1, `Session ${n + 1}`],
    );
  await client.query('vacuum analyze');
  await client.end();
}

async function remind(url: string, start: number, smtpOptions: string) {
  const due = start - 15 * 60_000;
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { createMailer } = await import('../apps/server/src/modules/mail/mailer.ts');
  const { sendSessionReminders } = await import('../apps/server/src/modules/notifications/reminders.ts');
  const { deliverDueNotifications } = await import('../apps/server/src/modules/notifications/delivery.ts');
  const sink = await startSmtpSink();
  const port = sink.port;
  const database = await openDatabase({ url, poolSize: 10 });
  const ctx = benchContext(database, url, { SMTP_URL: `smtp://127.0.0.1:${port}${smtpOptions}`, APP_URL: 'https://app.example.com' });
  ctx.mailer = createMailer(ctx.config, pino({ level: 'warn' }));
  let jobQueuedAt: number | null = null;
  ctx.jobs = { send: async () => ((jobQueuedAt ??= performance.now()), null) } as unknown as typeof ctx.jobs;

  // The bell's view from another connection: when the 10,000th reminder is committed (the
  // unread rows, counted on the bell's own partial index every 50 ms, grow by 10,000).
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  const unread = async () => (await watcher.query<{ n: number }>(`select count(*)::int as n from notifications where read_at is null`)).rows[0]!.n;
  const unreadBefore = await unread();
  let inAppAt: number | null = null;
  let watching = true;
  const watch = (async () => {
    while (watching && inAppAt === null) {
      if ((await unread()) >= unreadBefore + MEMBERS) inAppAt = performance.now();
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const load = loadAverage();
  const started = performance.now();
  const startedAt = Date.now();
  ctx.now = () => new Date(due + (performance.now() - started));
  const reminded = await sendSessionReminders(ctx);
  const enqueuedAt = performance.now();
  await watch.then(() => (watching = false));
  const deliverStarted = performance.now();
  const sent = await deliverDueNotifications(ctx);
  const deliveredAt = performance.now();
  const delivered = await sink.counts();
  const [counts] = await database.query<{ sent: number; pending: number }>(
    `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as pending from notification_deliveries
     where created_at >= $1`,
    [new Date(due).toISOString()],
  );
  ctx.mailer.close?.();
  await watcher.end();
  await database.close();
  await sink.stop();
  return {
    load,
    loadAfter: loadAverage(),
    reminded,
    enqueueMs: enqueuedAt - started,
    jobQueuedMs: jobQueuedAt === null ? null : jobQueuedAt - started,
    inAppMs: inAppAt === null ? null : inAppAt - started,
    sent,
    received: delivered.received,
    deliverSeconds: (deliveredAt - deliverStarted) / 1000,
    // The sink's clock is the wall clock: its last arrival against the due moment's.
    lastMailMs: (delivered.lastAt ?? Date.now()) - startedAt,
    deliveries: counts!,
  };
}

async function bell(url: string) {
  const server = await startBenchServer(url);
  // Connection i asks as member i (wrk cycles the list over its connections).
  const requests = Array.from({ length: CONCURRENCY }, (_, n) => ({
    method: 'GET',
    path: '/api/notifications/unread-count',
    headers: { authorization: `Bearer ${tokenOf(n)}`, accept: 'application/json' },
  }));
  const run = (seconds: number, connections: number) => wrkLoad({ base: server.base, requests, connections, seconds });
  try {
    await run(WARMUP_SECONDS, CONCURRENCY);
    const load = loadAverage();
    // The server's own CPU per request: less at the mercy of other work on the cores than latency.
    const cpuBefore = cpuSeconds(server.pid);
    const many = await run(SECONDS, CONCURRENCY);
    const cpuMsPerRequest = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / many.requests;
    const one = await run(SINGLE_SECONDS, 1);
    return { load, loadAfter: loadAverage(), many, one, cpuMsPerRequest };
  } finally {
    await server.stop();
  }
}

async function main() {
  const name = `th_bench_notifications_${Date.now()}`;
  const admin = new pg.Client({ connectionString: `${BASE_URL}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = `${BASE_URL}/${name}`;
  const failures: string[] = [];
  try {
    console.log(`Seeding ${MEMBERS.toLocaleString()} members with ${EARLIER} notifications each into ${name}…`);
    await seed(url);
    const runs = [];
    for (const [n, start] of bellOnly ? [] : STARTS.entries()) runs.push({ smtp: SMTP_OPTIONS[n] ? 'one connection per e-mail' : 'pooled (the default)', ...(await remind(url, start, SMTP_OPTIONS[n]!)) });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const plan = await client.query(
      `explain (analyze, buffers) select count(*) from notifications where user_id = (select user_id from api_tokens limit 1) and read_at is null`,
    );
    await client.end();
    const b = await bell(url);
    const ms = (value: number | null) => (value === null ? 'never' : `${value.toFixed(0)} ms`);
    for (const r of runs) {
      console.log(`\nsession reminder to ${MEMBERS.toLocaleString()} members, SMTP ${r.smtp}; load average ${r.load} → ${r.loadAfter}`);
      console.log('| measure | target | measured |\n|---|---|---|');
      console.log(`| due moment → every in-app notification committed (seen from another connection) | ≤ 2 s | ${ms(r.inAppMs)} |`);
      console.log(`| due moment → every e-mail queued and the delivery job sent | ≤ 5 s | ${ms(r.enqueueMs)} (job at ${ms(r.jobQueuedMs)}) |`);
      console.log(`| e-mails handed to SMTP by the delivery job | ≥ 200/s | ${r.received.toLocaleString()} in ${r.deliverSeconds.toFixed(1)} s = ${(r.received / r.deliverSeconds).toFixed(0)}/s |`);
      console.log(`| due moment → last e-mail accepted by the SMTP server | — | ${ms(r.lastMailMs)} |`);
      console.log(`| deliveries sent / not sent | — | ${r.deliveries.sent} / ${r.deliveries.pending} |`);
    }
    console.log(`\nbell, ${CONCURRENCY} connections; load average ${b.load} → ${b.loadAfter}`);
    console.log('| measurement | p50 ms | p95 ms | p99 ms | req/s | target |\n|---|---|---|---|---|---|');
    console.log(`| unread count, ${CONCURRENCY} connections | ${b.many.p50.toFixed(1)} | ${b.many.p95.toFixed(1)} | ${b.many.p99.toFixed(1)} | ${b.many.rps.toFixed(0)} | p99 ≤ 20 ms |`);
    console.log(`| unread count, 1 connection | ${b.one.p50.toFixed(1)} | ${b.one.p95.toFixed(1)} | ${b.one.p99.toFixed(1)} | ${b.one.rps.toFixed(0)} | — |`);
    console.log(
      `app CPU per request at ${CONCURRENCY} connections: ${b.cpuMsPerRequest.toFixed(3)} ms; the client (wrk): ` +
        `${((b.many.clientCpuSeconds * 1000) / b.many.requests).toFixed(3)} ms (${b.many.clientCpuSeconds.toFixed(2)} s for ${b.many.requests.toLocaleString()} requests)`,
    );
    console.log(`\nthe count's plan (${MEMBERS * EARLIER + MEMBERS} notifications):\n${plan.rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n')}`);
    for (const r of runs) {
      if (r.inAppMs === null || r.inAppMs > TARGET.inAppMs) failures.push(`in-app ${ms(r.inAppMs)} > ${TARGET.inAppMs} ms`);
      if (r.enqueueMs > TARGET.enqueueMs) failures.push(`enqueue ${ms(r.enqueueMs)} > ${TARGET.enqueueMs} ms`);
      if (r.received !== MEMBERS) failures.push(`${r.received} e-mails of ${MEMBERS} (${r.smtp})`);
    }
    // The rate is judged on the pooled transport, the setting production should use.
    const pooled = runs.at(-1);
    if (pooled && pooled.received / pooled.deliverSeconds < TARGET.mailsPerSecond)
      failures.push(`${(pooled.received / pooled.deliverSeconds).toFixed(0)} e-mails/s < ${TARGET.mailsPerSecond}`);
    if (b.many.p99 > TARGET.bellP99) failures.push(`bell p99 ${b.many.p99.toFixed(1)} ms > ${TARGET.bellP99} ms`);
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
  if (failures.length) {
    console.log(`\nMISSED: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('\nAll notification targets met.');
}

await main();

import { createErrorReporter } from '../../src/lib/error-reporting.ts';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { createProcessMemory } from '../../src/context.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { createJobClient, jobs, startJobQueue } from '../../src/jobs/index.ts';
import { createBoss } from '../../src/jobs/queue.ts';
import type { Mail, Mailer } from '../../src/modules/mail/mailer.ts';
import { seedReferenceData } from '../../src/seed/index.ts';

/** A fresh database cloned from the migrated template of global-setup. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  const template = inject('templateDatabase');
  if (url && template) {
    const name = `th_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString(), poolSize: 4 });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists "${name}" with (force)`);
        await cleanup.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  return openDatabase({ dataDir: undefined, loadDataDir: dump });
}

/**
 * Collects mail in memory; delivery through real SMTP is covered in mail.test.ts. `failNext(n)`
 * makes the next n sends fail as an SMTP outage would (0 ends a pending outage).
 */
export function captureMailer(): Mailer & { sent: Mail[]; linkIn: (to: string) => string; failNext: (count: number) => void } {
  const sent: Mail[] = [];
  let failures = 0;
  return {
    sent,
    send: async (mail) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP 421 service not available');
      }
      sent.push(mail);
    },
    failNext: (count) => {
      failures = count;
    },
    linkIn: (to) => {
      const mail = sent.filter((m) => m.to === to).at(-1);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`No link mailed to ${to}`);
      return link;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type TestAppOptions = { env?: Record<string, string>; now?: () => Date; mailer?: Mailer; webRoot?: string };

/** Builds the real app on a fresh database. Each test file creates one and closes it after. */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    APP_KEY: Buffer.alloc(32, 7).toString('base64'),
    LOGIN_RATE_LIMIT: '1000',
    RESET_RATE_LIMIT: '1000',
    BROKER_SIM: 'false',
    ...options.env,
  });
  const mailer = options.mailer ?? captureMailer();
  // The real queue, without workers: tests run job handlers directly when they need them.
  const boss = createBoss(database, { background: false });
  await startJobQueue(database, boss);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    mailer,
    jobs: createJobClient(boss),
    log: pino({ level: 'silent' }),
    errors: createErrorReporter({ dsn: undefined, environment: 'test' }),
    memory: createProcessMemory(),
    now: options.now ?? (() => new Date()),
  };
  await seedReferenceData(ctx);
  const app = await buildApp({ ctx, logger: false, webRoot: options.webRoot });
  await app.ready();
  /**
   * Takes the queue's jobs that are due, as a worker's poll does. pg-boss takes a job only once
   * its start is strictly before now(), and the embedded database's clock ticks in whole
   * milliseconds, so a job queued in this millisecond would not be due yet: wait for the clock to
   * pass the jobs queued to run at once (not those delayed on purpose, like a retry).
   */
  const fetchJobs = async (name: string, { batchSize = 1, includeMetadata = false } = {}) => {
    const queuedNow = `select exists (select 1 from pgboss.job where name = $1 and state = 'created'
      and start_after = created_on and start_after >= now()) as waiting`;
    while ((await database.query<{ waiting: boolean }>(queuedNow, [name]))[0]?.waiting) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return includeMetadata ? boss.fetch<unknown>(name, { batchSize, includeMetadata: true }) : boss.fetch<unknown>(name, { batchSize });
  };
  /**
   * Runs the jobs waiting in one queue with their real handlers, as a worker would; answers how
   * many ran. A handler that throws fails its job (pg-boss would retry it) and the error is
   * rethrown.
   */
  const runJobs = async (name: string) => {
    const job = jobs.find((definition) => definition.name === name);
    if (!job) throw new Error(`No job named ${name}`);
    const batch = await fetchJobs(name, { batchSize: 100 });
    for (const item of batch) {
      try {
        await job.handler(ctx, job.payload.parse(item.data));
        await boss.complete(name, item.id);
      } catch (error) {
        await boss.fail(name, item.id, { message: String(error) });
        throw error;
      }
    }
    return batch.length;
  };
  return {
    app,
    ctx,
    mailer: mailer as ReturnType<typeof captureMailer>,
    boss,
    fetchJobs,
    runJobs,
    close: async () => {
      await app.close();
      await boss.stop({ graceful: false, wait: true });
      await database.close();
    },
    ...clientFor(app),
  };
}

/**
 * A second app instance over the test app's database, as production runs several: its own
 * process memory (a shared one would hide a stale answer) and, when given, settings of its own
 * (another DATA_DIR is another machine's disk).
 */
export async function secondInstance(t: TestApp, env: Partial<Config> = {}) {
  const ctx: AppContext = { ...t.ctx, memory: createProcessMemory(), config: { ...t.ctx.config, ...env } };
  const app = await buildApp({ ctx, logger: false });
  await app.ready();
  return { app, ctx, ...clientFor(app), close: () => app.close() };
}

type CallOptions = { token?: string | null; body?: unknown; xsrf?: boolean; headers?: Record<string, string> };

/** Calls the API the way the SPA does: XSRF cookie + header on writes, bearer when given. */
export function clientFor(app: FastifyInstance) {
  let xsrf: string | undefined;
  async function xsrfToken() {
    if (!xsrf) {
      const res = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    }
    return xsrf;
  }
  async function call(
    method: InjectOptions['method'],
    url: string,
    options: CallOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (method !== 'GET' && options.xsrf !== false) {
      const token = await xsrfToken();
      headers['x-xsrf-token'] = token;
      headers.cookie = `XSRF-TOKEN=${token}`;
    }
    return app.inject({
      method,
      url,
      headers,
      ...(options.body !== undefined && { payload: options.body as Record<string, unknown> }),
    });
  }
  async function login(email: string, password: string) {
    const res = await call('POST', '/api/login', { body: { username: email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ token: string }>().token;
  }
  return { call, login, xsrfToken };
}

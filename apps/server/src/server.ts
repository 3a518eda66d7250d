import path from 'node:path';
import { pino } from 'pino';
import { DEMO_ACCOUNT } from '@th/broker-sim';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { createProcessMemory } from './context.ts';
import { openDatabase } from './db/client.ts';
import { createJobClient, startJobQueue, startWorker } from './jobs/index.ts';
import { createBoss } from './jobs/queue.ts';
import { lockDownDataDir } from './lib/data-dir.ts';
import { heavyWork } from './lib/heavy-work.ts';
import { startThread, type Thread } from './lib/threads.ts';
import { createErrorReporter } from './lib/error-reporting.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { importUploadsFolder } from './modules/uploads/index.ts';
import type { LoginTokens } from './modules/trading-accounts/broker-session.ts';
import { renewSimulatorSessions, type IssueSimulatorTokens } from './modules/trading-accounts/simulator-sessions.ts';
import { seedDemo, seedReferenceData } from './seed/index.ts';

/** The one process of `npm start`: API, SPA, worker and (by default) the broker simulator. */
async function main() {
  const config = loadConfig();
  lockDownDataDir(config.DATA_DIR);
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await database.migrate();
  const boss = createBoss(database);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await startJobQueue(database, boss);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    mailer: createMailer(config, log),
    jobs: createJobClient(boss),
    log,
    errors: createErrorReporter({ dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV }),
    memory: createProcessMemory(),
    now: () => new Date(),
  };
  const brokerSim = config.BROKER_SIM ? await startSimulator(ctx) : null;
  // One instance at a time, so instances starting together never seed the same rows at once.
  await database.exclusively(async () => {
    await importUploadsFolder(ctx);
    await seedReferenceData(ctx);
    if (config.seedDemo) await seedDemo(ctx);
  });

  const webRoot = path.resolve(import.meta.dirname, '../../web/dist');
  const app = await buildApp({ ctx, logger: log, webRoot });
  await app.listen({ host: config.HOST, port: config.PORT });
  if (config.RUN_WORKER) await startWorker(ctx, boss);
  heavyWork.start();
  log.info(`${config.BRAND_NAME} is ready on ${config.APP_URL} (database: ${database.kind})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
    // Lets running job handlers finish before the database goes away.
    await boss.stop({ graceful: true, timeout: 20_000, wait: true });
    await database.close();
    await brokerSim?.call('close', []);
    await brokerSim?.close();
    await ctx.errors.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * The TradeLocker simulator on loopback, on its own thread (simulator-thread.ts), with ~300
 * closed trades on the demo account over the last 90 days (anchored to the day, so restarts on
 * one day replay the same history). Stored simulator logins get fresh tokens: the simulator
 * forgot its sessions when it last stopped.
 */
async function startSimulator(ctx: AppContext): Promise<Thread> {
  const day = 86_400_000;
  const to = Math.floor(Date.now() / day) * day;
  const sim = startThread(new URL('./simulator-thread.ts', import.meta.url), {
    host: '127.0.0.1',
    port: ctx.config.BROKER_SIM_PORT,
    history: { accountId: DEMO_ACCOUNT.id, count: 300, from: to - 90 * day, to },
  });
  const url = await sim.call<string>('url', []);
  const issue: IssueSimulatorTokens = async (email) => (await sim.call<Array<LoginTokens | null>>('issueTokens', [[email]]))[0] ?? null;
  const renewed = await renewSimulatorSessions(ctx, issue);
  ctx.log.info({ url, renewed }, 'TradeLocker simulator running');
  return sim;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

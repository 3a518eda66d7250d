import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { createQueues, queueOf, startWorker } from './jobs/index.ts';
import { createBoss } from './jobs/queue.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { seedDemo, seedReferenceData } from './seed/index.ts';

/** The one process of `npm start`: API, SPA, worker and (by default) the broker simulator. */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await database.migrate();
  const boss = createBoss(database);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await createQueues(boss);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    mailer: createMailer(config, log),
    jobs: queueOf(boss),
    log,
    now: () => new Date(),
  };
  await seedReferenceData(ctx);
  if (config.seedDemo) await seedDemo(ctx);

  const webRoot = path.resolve(import.meta.dirname, '../../web/dist');
  const app = await buildApp({ ctx, logger: log, webRoot });
  await app.listen({ host: config.HOST, port: config.PORT });
  if (config.RUN_WORKER) await startWorker(ctx, boss);
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
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The real app (buildApp + listen on a loopback port) over a bench database, with a context
 * that sends no mail and queues no job, for the benches that time HTTP answers.
 */
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createProcessMemory, type AppContext } from '../../apps/server/src/context.ts';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { createErrorReporter } from '../../apps/server/src/lib/error-reporting.ts';

export function benchContext(database: DatabaseHandle, url: string): AppContext {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    APP_KEY: Buffer.alloc(32, 9).toString('base64'),
    LOG_LEVEL: 'warn',
  });
  return {
    config,
    db: database.db,
    database,
    mailer: { send: async () => undefined },
    jobs: { send: async () => null },
    log: pino({ level: 'warn' }),
    errors: createErrorReporter({ dsn: undefined, environment: 'bench' }),
    memory: createProcessMemory(),
    now: () => new Date(),
  } as unknown as AppContext;
}

/** Serves the app on a free loopback port; answers its address and how to stop it. */
export async function serveBenchApp(ctx: AppContext) {
  const app = await buildApp({ ctx, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { address, close: () => app.close() };
}

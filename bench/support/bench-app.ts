/**
 * The real app (buildApp + listen on a loopback port) over a bench database, in its own process
 * as in production: the bench's client must not share the server's event loop. Its context
 * sends no mail and queues no job.
 */
import { spawn } from 'node:child_process';
import { pino } from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createProcessMemory, type AppContext } from '../../apps/server/src/context.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { createErrorReporter } from '../../apps/server/src/lib/error-reporting.ts';

/** The bench server's context; `settings` override the server's defaults (e.g. ANSWER_CACHE). */
export function benchContext(database: DatabaseHandle, url: string, settings: Record<string, string> = {}): AppContext {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    APP_KEY: Buffer.alloc(32, 9).toString('base64'),
    LOG_LEVEL: 'warn',
    ...settings,
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

/**
 * Starts the server process on the database at `url`, with `settings` over its defaults; answers
 * its base URL and how to stop it (SIGINT, so a profiled server writes its profile:
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…").
 */
export async function startBenchServer(url: string, settings: Record<string, string> = {}) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', import.meta.filename, url, JSON.stringify(settings)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      const match = /LISTENING (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    server.on('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
  };
  return { base, pid: server.pid!, stop };
}

// The server process itself: `node --import tsx bench/support/bench-app.ts <database url> [settings JSON]`.
if (process.argv[1] === import.meta.filename) {
  const url = process.argv[2]!;
  const settings = JSON.parse(process.argv[3] ?? '{}') as Record<string, string>;
  const database = await openDatabase({ url, poolSize: 20 });
  const app = await buildApp({ ctx: benchContext(database, url, settings), logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('SIGINT', () => process.exit(0));
  process.stdout.write(`LISTENING ${address}\n`);
}

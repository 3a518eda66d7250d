/**
 * Imports a weekly economic-calendar file (the feed's JSON format) into the database:
 *   npm run events:import -- path/to/week.json
 * On the embedded database stop the server first: PGlite allows one process at a time.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { createProcessMemory } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { createErrorReporter } from '../src/lib/error-reporting.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { importMarketEvents } from '../src/modules/market-events/importer.ts';

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run events:import -- <calendar-week.json>');
    process.exit(2);
  }
  const body = readFileSync(path.resolve(file), 'utf8');
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  await database.migrate();
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    mailer: createMailer(config, log),
    // The import enqueues nothing; a queue here would only need pg-boss started for no reason.
    jobs: { send: async () => null },
    log,
    errors: createErrorReporter({ dsn: config.SENTRY_DSN, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV }),
    memory: createProcessMemory(),
    now: () => new Date(),
  };
  try {
    const result = await importMarketEvents(ctx, `file:${path.basename(file)}`, body);
    if (result.status === 'failed') {
      console.error(`Not imported: ${result.error}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Imported ${result.received} events: ${result.inserted} new, ${result.updated} updated, ${result.removed} removed.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

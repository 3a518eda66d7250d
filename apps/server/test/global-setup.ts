import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    templateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = 'th_test_template';

/**
 * Migrates one database up front; every test file then starts from a copy of it: a PGlite
 * data-dir dump by default, or `CREATE DATABASE … TEMPLATE` on PostgreSQL (DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const stale = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'th_test_%'",
    );
    for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    await admin.end();
    const template = new URL(url);
    template.pathname = `/${TEMPLATE_DATABASE}`;
    const database = await openDatabase({ url: template.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('templateDatabase', TEMPLATE_DATABASE);
    project.provide('pgliteDump', '');
    return;
  }
  const database = await openDatabase({ dataDir: undefined });
  await database.migrate();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'th-pglite-'));
  const file = path.join(dir, 'migrated.tar.gz');
  const dump = await database.dump!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDump', file);
  project.provide('templateDatabase', '');
}

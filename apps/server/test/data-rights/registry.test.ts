/**
 * Nothing missed: every table that references a member, read from the drizzle schema (a
 * user_id/actor_id column, a foreign key to users, or a foreign key to a table that does), is
 * in the data-rights registry with its archive section (or the reason it is left out) and its
 * erasure policy; and the database's own foreign keys to users agree.
 */
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.ts';
import { DATA_REGISTRY } from '../../src/modules/data-rights/registry.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
// Column keys as the schema spells them (camelCase; snake_case in the database): any column that
// names a person, with or without a foreign key (an author kept on a row its post outlives).
const MEMBER_COLUMN = /^(user|actor|author|member|mentor|staff|owner)_?id$/i;

/** Tables referencing a member directly or through a chain of foreign keys. */
function memberTables(): Set<string> {
  const found = new Set<string>(['users']);
  for (let grew = true; grew; ) {
    grew = false;
    for (const table of tables) {
      const config = getTableConfig(table);
      if (found.has(config.name)) continue;
      const direct = config.columns.some((column) => MEMBER_COLUMN.test(column.name));
      const viaKey = config.foreignKeys.some((key) => found.has(getTableName(key.reference().foreignTable)));
      if (direct || viaKey) {
        found.add(config.name);
        grew = true;
      }
    }
  }
  return found;
}

const registered = DATA_REGISTRY.map((entry) => getTableName(entry.table));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('data-rights registry', () => {
  it('lists every table that references a member, and nothing else', () => {
    expect([...memberTables()].sort()).toEqual([...registered].sort());
  });

  it('lists each table once, with a section or the reason it is left out, and an erasure policy', () => {
    expect(new Set(registered).size).toBe(registered.length);
    for (const entry of DATA_REGISTRY) {
      const name = getTableName(entry.table);
      expect(entry.section ?? entry.notExported, name).toBeTruthy();
      const erasure = entry.erasure;
      expect(erasure.policy === 'keep' ? erasure.reason : erasure.how, name).toBeTruthy();
    }
    const sections = DATA_REGISTRY.flatMap((e) => (e.section ? [e.section] : []));
    expect(new Set(sections).size).toBe(sections.length);
  });

  it('never exports a secret column', () => {
    const secret = /hash|enc$|secret|archive/i;
    for (const entry of DATA_REGISTRY.filter((e) => e.section)) {
      for (const { name } of getTableConfig(entry.table).columns) {
        if (secret.test(name)) expect(entry.omit, `${getTableName(entry.table)}.${name}`).toContain(name);
      }
    }
  });

  it("agrees with the database: every foreign key to users is on a registered table", async () => {
    const rows = await t.ctx.database.query<{ table_name: string }>(
      `select distinct tc.table_name
         from information_schema.table_constraints tc
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users' and tc.table_schema = 'public'`,
      [],
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(registered, row.table_name).toContain(row.table_name);
  });
});

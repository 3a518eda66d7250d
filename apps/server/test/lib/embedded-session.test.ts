import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPGliteThread, type PGliteInThread } from '../../src/db/pglite-proxy.ts';

/**
 * The embedded database's session over its thread (db/pglite-session.ts) must answer exactly as
 * PGlite's own calls do: each case runs on both and compares.
 */
const keepAsText = (value: string) => value;
/** What Drizzle's PGlite driver passes (drizzle-orm/pglite/session.js). */
const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, keepAsText])),
};

const schema = `
  create table sample (
    id bigserial primary key,
    at timestamptz, day date, amount numeric(14, 4), big bigint, ratio double precision,
    doc jsonb, plain json, tags text[], counts integer[], amounts numeric[], data bytea,
    note text unique, flag boolean, spent interval
  );
`;

const bytes = Uint8Array.from([0, 1, 2, 127, 128, 254, 255]);
const inserts: Array<[string, unknown[]]> = [
  [
    'insert into sample (at, day, amount, big, ratio, doc, plain, tags, counts, amounts, data, note, flag, spent) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning *',
    [new Date('2026-11-27T18:00:00.123Z'), '2026-02-28', '12345.6789', 9007199254740993n, 0.1, { a: [1, 'x'], b: null }, '{"k": "v"}', ['a', 'b,c', 'd"e', 'f\\g', ''], [1, 2, 3], ['1.50', '2'], bytes, 'é 漢 🙂', true, '1 day 02:03:04'],
  ],
  ['insert into sample (at, note, tags) values ($1, $2, $3) returning id, at, tags', ['2026-11-27 10:00:00+02', 'second', []]],
  ['insert into sample (note, doc, big) values ($1, $2, $3) returning note, doc, big', [null, null, 42]],
];

describe('the embedded database session over its thread', () => {
  let reference: PGlite;
  let threaded: PGliteInThread;
  beforeAll(async () => {
    reference = await PGlite.create();
    threaded = await startPGliteThread({ dataDir: undefined });
    await reference.exec(schema);
    await threaded.exec(schema);
  });
  afterAll(async () => {
    await reference.close();
    await threaded.close();
  });

  it('answers parameters, rows and counts as PGlite itself does, in both row modes', async () => {
    for (const [sql, params] of inserts) {
      const [expected, actual] = [await reference.query(sql, params), await threaded.query(sql, params)];
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.affectedRows).toBe(expected.affectedRows);
    }
    for (const options of [undefined, drizzleOptions, { rowMode: 'object' as const, parsers: drizzleOptions.parsers }]) {
      const sql = 'select * from sample where id >= $1 order by id';
      const [expected, actual] = [await reference.query(sql, [1], options), await threaded.query(sql, [1], options)];
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.rows).toHaveLength(3);
    }
    const row = (await threaded.query<{ data: Uint8Array; big: bigint; amount: string }>('select data, big, amount from sample where id = 1')).rows[0]!;
    expect(row.data).toEqual(bytes);
    expect(row.big).toBe(9007199254740993n);
    expect(row.amount).toBe('12345.6789');

    const update = 'update sample set flag = $1 where note is not null';
    const [expected, actual] = [await reference.query(update, [false]), await threaded.query(update, [false])];
    expect(actual.affectedRows).toBe(expected.affectedRows);
    expect(actual.affectedRows).toBe(2);
  });

  it('runs several statements in one exec and answers each', async () => {
    const sql = "select 1 as one; update sample set flag = true where id = 1; select note from sample where id = 2; select '' as empty where false";
    const [expected, actual] = [await reference.exec(sql), await threaded.exec(sql)];
    expect(actual.map((r) => [r.rows, r.affectedRows])).toEqual(expected.map((r) => [r.rows, r.affectedRows]));
    expect(actual).toHaveLength(4);
  });

  it("fails with PostgreSQL's error fields and keeps serving", async () => {
    const duplicate = threaded.query('insert into sample (note) values ($1)', ['second']);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'sample_note_key', severity: 'ERROR' });
    // The failed statement's text is described afresh on its next use and runs.
    expect((await threaded.query('insert into sample (note) values ($1)', ['third'])).affectedRows).toBe(1);
    await threaded.query('delete from sample where note = $1', ['third']);
    await expect(threaded.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    await expect(threaded.exec('select 1; select nothing_here')).rejects.toMatchObject({ code: '42703' });
    expect((await threaded.query('select count(*)::int as n from sample')).rows).toEqual([{ n: 3 }]);
  });

  it('holds the session for a transaction: outside statements wait, a failure rolls back', async () => {
    const seen: string[] = [];
    let outside!: Promise<unknown>;
    await threaded.transaction(async (tx) => {
      await tx.query('update sample set note = $1 where id = 3', ['in transaction']);
      // Issued while the transaction is open: it must run after the commit, not inside it.
      outside = threaded.query<{ note: string }>('select note from sample where id = 3').then((r) => seen.push(`outside: ${r.rows[0]!.note}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push('committing');
    });
    await outside;
    expect(seen).toEqual(['committing', 'outside: in transaction']);

    await expect(
      threaded.transaction(async (tx) => {
        await tx.query('update sample set note = $1 where id = 3', ['rolled back']);
        await tx.query('insert into sample (note) values ($1)', ['second']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await threaded.query('select note from sample where id = 3')).rows).toEqual([{ note: 'in transaction' }]);

    await threaded.transaction(async (tx) => {
      await tx.query('update sample set note = $1 where id = 3', ['rolled back too']);
      await tx.rollback();
    });
    expect((await threaded.query('select note from sample where id = 3')).rows).toEqual([{ note: 'in transaction' }]);
  });

  it('keeps answering once old prepared statements are closed', async () => {
    // More distinct statements than the session keeps prepared: the oldest are closed as it goes.
    for (let i = 0; i < 1_100; i++) expect((await threaded.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: i + 1 }]);
    expect((await threaded.query('select $1::int + 0 as n', [5])).rows).toEqual([{ n: 5 }]);
    const prepared = await threaded.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
    expect(prepared.rows[0]!.n).toBeLessThanOrEqual(1_001);

    // A batch insert's statement is closed after its use, and the same text still runs again.
    const values = Array.from({ length: 600 }, (_, i) => `($${i + 1})`).join(', ');
    const batch = `insert into sample (note) values ${values} returning id`;
    for (const round of [0, 1]) {
      const inserted = await threaded.query(batch, Array.from({ length: 600 }, (_, i) => `batch ${round} ${i}`));
      expect(inserted.affectedRows).toBe(600);
    }
    const kept = await threaded.query('select count(*)::int as n from pg_prepared_statements where statement like $1', ['insert into sample (note) values%']);
    expect(kept.rows).toEqual([{ n: 0 }]);
  });
});

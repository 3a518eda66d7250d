/**
 * The embedded database's one session, spoken in PostgreSQL's wire protocol from the request
 * thread. The database thread (pglite-thread.mjs) only runs the bytes it is sent through
 * PGlite's `execProtocolRaw` and sends the answer's bytes back as one moved buffer: no row is
 * built or copied there, so that thread spends its time in PostgreSQL itself.
 *
 * The query calls do what PGlite's own `query`, `exec` and `transaction` do (its serializers and
 * parsers by type, its results, a transaction holding the session), with one difference that saves
 * PostgreSQL's parsing and planning and a round trip: each distinct statement text is prepared
 * once under a name and described once (its parameter and column types), then sent as one
 * bind-execute-sync message.
 */
import { protocol, TransactionAbortedError, types, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Runs wire messages on the database thread, in the order sent; `sync` outside a transaction. */
export type Wire = (message: Uint8Array, sync: boolean) => Promise<Uint8Array>;

type Field = { name: string; dataTypeID: number };
type Statement = { name: string; paramTypes: number[]; fields: Field[] };
type Parse = (value: string, type?: number) => unknown;
/** The messages of an answer, as PGlite's protocol parser gives them (only what is read here). */
type BackendMessage = {
  name: string;
  dataTypeIDs?: number[];
  fields?: Array<Field | string | null>;
  text?: string;
};

/** Prepared statements kept per session; the least recently used are closed past this. */
const MAX_STATEMENTS = 1_000;
/**
 * A statement with more parameters (a batch insert of an import or of backtest bars) is closed
 * after its one use: its plan would hold memory for a text that is rarely sent twice.
 */
const MAX_KEPT_PARAMETERS = 500;

export type QueryCalls = {
  query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
  exec: (sql: string) => Promise<Results[]>;
};
export type Session = QueryCalls & {
  transaction: <T>(callback: (tx: QueryCalls & { rollback: () => Promise<void> }) => Promise<T>) => Promise<T>;
};

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The answer's messages; PostgreSQL's error, if any, is thrown once the whole answer is read. */
function readAnswer(bytes: Uint8Array): BackendMessage[] {
  const messages: BackendMessage[] = [];
  let error: unknown = null;
  new protocol.Parser().parse(bytes, (message) => {
    if (message.name === 'error') error ??= message;
    else messages.push(message as BackendMessage);
  });
  if (error) throw error;
  return messages;
}

export async function openSession(wire: Wire): Promise<Session> {
  // PGlite's parsers and serializers by type id; array types are added below, as PGlite does.
  const parsers: Record<number, Parse> = { ...types.parsers };
  const serializers: Record<number, (value: unknown) => string> = { ...types.serializers };
  /** Described statements by text, most recently used last. */
  const statements = new Map<string, Statement>();
  const describing = new Map<string, Promise<void>>();
  /** Statements dropped from `statements`, closed by the next message sent. */
  let retired: string[] = [];
  let nextName = 1;
  /**
   * Ends when the open transaction does: statements from outside it wait, as in PGlite. Each
   * wait is a loop right before the send, so nothing can open a transaction in between.
   */
  let transactionOpen: Promise<void> | null = null;

  /**
   * Sends one message now (synchronously: what was checked before it still holds when the
   * database thread runs it) and reads the answer.
   */
  async function send(parts: Uint8Array[], inTransaction: boolean): Promise<BackendMessage[]> {
    if (retired.length > 0) {
      parts = [...retired.map((name) => protocol.serialize.close({ type: 'S', name })), ...parts];
      retired = [];
    }
    return readAnswer(await wire(concat(parts), !inTransaction));
  }

  /** Rows and counts as PGlite's `parseResults` gives them, one result per statement. */
  function results(messages: BackendMessage[], options: QueryOptions | undefined, described: Field[]): Results[] {
    const all: Results[] = [];
    let fields = described;
    let columnParsers = fields.map((field) => options?.parsers?.[field.dataTypeID] ?? parsers[field.dataTypeID]);
    let rows: unknown[] = [];
    let affectedRows = 0;
    for (const message of messages) {
      switch (message.name) {
        case 'rowDescription':
          fields = (message.fields as Field[]).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
          columnParsers = fields.map((field) => options?.parsers?.[field.dataTypeID] ?? parsers[field.dataTypeID]);
          break;
        case 'dataRow': {
          const values = (message.fields as Array<string | null>).map((value, i) => {
            if (value === null) return null;
            const parse = columnParsers[i];
            return parse ? parse(value, fields[i]!.dataTypeID) : value;
          });
          if (options?.rowMode === 'array') rows.push(values);
          else {
            const row: Record<string, unknown> = {};
            for (let i = 0; i < fields.length; i++) row[fields[i]!.name] = values[i];
            rows.push(row);
          }
          break;
        }
        case 'commandComplete': {
          const words = message.text!.split(' ');
          const command = words[0]!;
          const count = parseInt(words[words.length - 1]!, 10);
          if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += count;
          all.push({
            rows: rows as Results['rows'],
            fields,
            command,
            affectedRows,
            ...(Number.isNaN(count) ? {} : { rowCount: count }),
          });
          rows = [];
          fields = described;
          break;
        }
      }
    }
    if (all.length === 0) all.push({ affectedRows: 0, rows: [], fields: [] });
    return all;
  }

  /** Prepares `sql` under a name and learns its types (one round trip, once per text). */
  async function describe(sql: string, inTransaction: boolean): Promise<void> {
    const name = `s${nextName++}`;
    while (!inTransaction && transactionOpen) await transactionOpen;
    const messages = await send(
      [protocol.serialize.parse({ name, text: sql }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()],
      inTransaction,
    );
    const statement: Statement = { name, paramTypes: [], fields: [] };
    for (const message of messages) {
      if (message.name === 'parameterDescription') statement.paramTypes = message.dataTypeIDs!;
      if (message.name === 'rowDescription') statement.fields = (message.fields as Field[]).map(({ name: column, dataTypeID }) => ({ name: column, dataTypeID }));
    }
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldest, { name: oldName }] = statements.entries().next().value!;
      statements.delete(oldest);
      retired.push(oldName);
    }
  }

  async function query<T>(sql: string, params: unknown[] = [], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    for (;;) {
      while (!inTransaction && transactionOpen) await transactionOpen;
      const statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
        statements.set(sql, statement);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = statement.paramTypes[i]!;
          const serialize = options?.serializers?.[type] ?? serializers[type];
          return serialize ? serialize(value) : (value as { toString: () => string }).toString();
        });
        const answer = send(
          [protocol.serialize.bind({ statement: statement.name, values }), protocol.serialize.execute({}), protocol.serialize.sync()],
          inTransaction,
        );
        // Its bind is on its way already, so the close that follows it cannot come first.
        if (statement.paramTypes.length > MAX_KEPT_PARAMETERS) {
          statements.delete(sql);
          retired.push(statement.name);
        }
        let messages: BackendMessage[];
        try {
          messages = await answer;
        } catch (error) {
          // Described against tables a rolled-back transaction made, or whose columns have
          // changed since: the next use describes the text afresh.
          if (statements.get(sql) === statement) {
            statements.delete(sql);
            retired.push(statement.name);
          }
          throw error;
        }
        return results(messages, options, statement.fields)[0] as Results<T>;
      }
      // One description per text at a time; a caller whose wait ended in another caller's failure
      // (say, inside that caller's aborted transaction) describes again for itself.
      const pending = describing.get(sql);
      if (pending) {
        await pending.catch(() => undefined);
        continue;
      }
      const described = describe(sql, inTransaction).finally(() => describing.delete(sql));
      describing.set(sql, described);
      await described;
    }
  }

  async function exec(sql: string, inTransaction: boolean): Promise<Results[]> {
    while (!inTransaction && transactionOpen) await transactionOpen;
    return results(await send([protocol.serialize.query(sql)], inTransaction), undefined, []);
  }

  const session: Session = {
    query: (sql, params, options) => query(sql, params, options, false),
    exec: (sql) => exec(sql, false),
    transaction: async (callback) => {
      while (transactionOpen) await transactionOpen;
      let ended = () => undefined as void;
      transactionOpen = new Promise((resolve) => (ended = resolve));
      try {
        await exec('BEGIN', true);
        let closed = false;
        const open = () => {
          if (closed) throw new Error('Transaction is closed');
        };
        try {
          const result = await callback({
            query: (sql, params, options) => (open(), query(sql, params, options, true)),
            exec: (sql) => (open(), exec(sql, true)),
            rollback: async () => {
              open();
              await exec('ROLLBACK', true);
              closed = true;
            },
          });
          if (!closed) {
            closed = true;
            const [commit] = await exec('COMMIT', true);
            if (commit?.command === 'ROLLBACK') throw new TransactionAbortedError();
          }
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            await exec('ROLLBACK', true);
          }
          throw error;
        }
      } finally {
        transactionOpen = null;
        ended();
      }
    },
  };

  // As PGlite does when it opens: parsers and serializers for every array type.
  const arrays = await session.query<{ oid: number; typarray: number }>(`
      SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid
    `);
  for (const { oid, typarray } of arrays.rows) {
    serializers[typarray] = (value) => types.arraySerializer(value, serializers[oid], typarray);
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid]!, typarray);
  }
  return session;
}

/**
 * The request thread's side of the embedded database (pglite-thread.mjs runs PGlite on its own
 * thread): the few PGlite calls Drizzle and the app make, each sent to the database thread and
 * answered from there.
 */
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { messenger } from '../lib/threads.ts';

/** The messages pglite-thread.mjs understands. */
type ThreadRequest =
  | { id: number; op: 'ready' }
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };
type ThreadOptions = { dataDir: string | undefined; loadDataDir?: ArrayBuffer };

type Send = <T>(request: DistributiveOmit<ThreadRequest, 'id'>) => Promise<T>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;


/**
 * Drizzle passes type parsers that keep dates and intervals as text. Functions cannot cross
 * threads, so the type ids travel and the database thread applies the same raw-text parser;
 * any other parser would be silently dropped, so it is refused.
 */
const checkedParsers = new WeakMap<object, number[]>();
function rawTypes(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  const known = checkedParsers.get(options.parsers);
  if (known) return known;
  const types = Object.entries(options.parsers).map(([type, parse]) => {
    if (parse('2026-11-24', Number(type)) !== '2026-11-24') {
      throw new Error(`The embedded database thread only keeps values as text; type ${type} has another parser.`);
    }
    return Number(type);
  });
  checkedParsers.set(options.parsers, types);
  return types;
}

function queries(send: Send, tx?: number) {
  return {
    query: <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
      const types = rawTypes(options);
      return send<Results<T>>({
        op: 'query',
        sql,
        params,
        ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
        ...(types ? { rawTypes: types } : {}),
        ...(tx === undefined ? {} : { tx }),
      });
    },
    exec: (sql: string) => send<Results[]>({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }),
  };
}

export type PGliteInThread = ReturnType<typeof queries> & {
  transaction: <T>(callback: (tx: ReturnType<typeof queries> & { rollback: () => Promise<void> }) => Promise<T>) => Promise<T>;
  dumpDataDir: () => Promise<Blob>;
  close: () => Promise<void>;
};

export async function startPGliteThread(options: { dataDir: string | undefined; loadDataDir?: Blob }): Promise<PGliteInThread> {
  const workerData: ThreadOptions = {
    dataDir: options.dataDir,
    ...(options.loadDataDir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
  };
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
    workerData,
    transferList: workerData.loadDataDir ? [workerData.loadDataDir] : [],
  });
  const send: Send = messenger(worker);
  // The thread answers once PGlite is open; a data directory it cannot open fails here.
  await send({ op: 'ready' });

  return {
    ...queries(send),
    transaction: async (callback) => {
      const tx = await send<number>({ op: 'begin' });
      let rolledBack = false;
      try {
        const result = await callback({
          ...queries(send, tx),
          rollback: async () => {
            rolledBack = true;
            await send({ op: 'end', tx, commit: false });
          },
        });
        if (!rolledBack) await send({ op: 'end', tx, commit: true });
        return result;
      } catch (error) {
        if (!rolledBack) await send({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
    },
    dumpDataDir: async () => new Blob([await send<ArrayBuffer>({ op: 'dump' })]),
    close: async () => {
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** What Drizzle's PGlite driver expects; the proxy provides the calls it makes. */
export const asPGlite = (client: PGliteInThread) => client as unknown as PGlite;

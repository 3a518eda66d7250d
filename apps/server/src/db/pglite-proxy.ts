/**
 * The request thread's side of the embedded database (pglite-thread.mjs runs PGlite on its own
 * thread): starts the thread and keeps the session over it (pglite-session.ts), answering the few
 * PGlite calls Drizzle and the app make.
 */
import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { messenger } from '../lib/threads.ts';
import { openSession, type Session } from './pglite-session.ts';

/** The messages pglite-thread.mjs understands. */
type ThreadRequest =
  | { op: 'ready' }
  | { op: 'wire'; message: ArrayBuffer; sync: boolean }
  | { op: 'dump' }
  | { op: 'close' };
type ThreadOptions = { dataDir: string | undefined; loadDataDir?: ArrayBuffer };

export type PGliteInThread = Session & {
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
  const post = messenger(worker);
  const send = <T>(request: ThreadRequest, transfer: ArrayBuffer[] = []) => post<T>(request, transfer);
  // The thread answers once PGlite is open; a data directory it cannot open fails here.
  await send({ op: 'ready' });

  const session = await openSession(async (message, sync) => {
    // Every message is built in a buffer of its own (pglite-session.ts), so it can move.
    const buffer = message.byteOffset === 0 && message.byteLength === message.buffer.byteLength ? message.buffer : message.slice().buffer;
    return new Uint8Array(await send<ArrayBuffer>({ op: 'wire', message: buffer as ArrayBuffer, sync }, [buffer as ArrayBuffer]));
  });
  return {
    ...session,
    dumpDataDir: async () => new Blob([await send<ArrayBuffer>({ op: 'dump' })]),
    close: async () => {
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
}

/** What Drizzle's PGlite driver expects; the proxy provides the calls it makes. */
export const asPGlite = (client: PGliteInThread) => client as unknown as PGlite;

/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly, and a
 * WebAssembly call holds the thread it runs on until the statement is done: on the request thread
 * one member's 5,000-row import or two-year backtest froze every other request for seconds. Here
 * the statements run beside the server; the request thread only waits for their answers
 * (pglite-proxy.ts holds the message types).
 *
 * The request thread speaks PostgreSQL's wire protocol to it (pglite-session.ts): each message
 * is a finished series of protocol messages, run in arrival order by PGlite's `execProtocolRaw`,
 * and the answer goes back as the bytes PostgreSQL wrote, moved rather than copied. So this
 * thread spends its time in PostgreSQL itself, and the one session (as PGlite on the main thread
 * had) is kept by the request thread: its transactions, prepared statements and row parsing.
 *
 * Plain JavaScript: a worker thread does not get the TypeScript loader in every runner (Vitest).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** An error's message and its own fields, cloneable. */
function errorFields(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

const db = await PGlite.create(workerData.dataDir, {
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
});

async function handle(request) {
  switch (request.op) {
    case 'ready':
      return null;
    case 'wire': {
      // The run itself is synchronous, so messages run whole and in arrival order; the answer is
      // PGlite's own copy of its output buffer, free to move. Outside a transaction the files
      // are synced after, as PGlite's query does.
      const answer = await db.execProtocolRaw(new Uint8Array(request.message), { syncToFs: request.sync });
      return answer.buffer;
    }
    case 'dump':
      return (await db.dumpDataDir('gzip')).arrayBuffer();
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown request ${request.op}.`);
  }
}

parentPort.on('message', (request) => {
  handle(request).then(
    (value) => parentPort.postMessage({ id: request.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
    (error) => parentPort.postMessage({ id: request.id, ok: false, error: errorFields(error) }),
  );
});

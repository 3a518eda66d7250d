/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly, and a
 * WebAssembly call holds the thread it runs on until the statement is done: on the request thread
 * one member's 5,000-row import or two-year backtest froze every other request for seconds. Here
 * the statements run beside the server; the request thread only waits for their answers
 * (pglite-proxy.ts holds the message types).
 *
 * The messages mirror the PGlite calls the app makes (query, exec, a transaction held open across
 * messages, dump, close), so the embedded database behaves exactly as PGlite on the main thread
 * did: one session, statements in arrival order, a transaction's statements in its own order.
 *
 * Plain JavaScript: a worker thread does not get the TypeScript loader in every runner (Vitest).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const raw = (value) => value;
/** Parser maps by their type ids, built once per distinct list (Drizzle always sends the same). */
const parserMaps = new Map();
function rawParsers(types) {
  const key = types.join(',');
  let parsers = parserMaps.get(key);
  if (!parsers) parserMaps.set(key, (parsers = Object.fromEntries(types.map((type) => [type, raw]))));
  return parsers;
}

/** Only what the callers read crosses the thread: copying costs per field. */
const answer = ({ rows, affectedRows }) => ({ rows, affectedRows });

/** An error's message and its own fields (PostgreSQL's code, detail, constraint…), cloneable. */
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
/** Open transactions by id: PGlite's transaction object and how to end it. */
const transactions = new Map();
let nextTx = 1;

function target(tx) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open.`);
  return open.tx;
}

async function handle(request) {
  switch (request.op) {
    case 'ready':
      return null;
    case 'query': {
      const result = await target(request.tx).query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(request.rawTypes ? { parsers: rawParsers(request.rawTypes) } : {}),
      });
      return answer(result);
    }
    case 'exec':
      return (await target(request.tx).exec(request.sql)).map(answer);
    case 'begin': {
      const id = nextTx++;
      // PGlite's transaction lasts as long as its callback: the callback waits for 'end'.
      await new Promise((opened, failed) => {
        let finish = () => undefined;
        const ended = new Promise((resolve) => (finish = resolve));
        const done = db.transaction(async (tx) => {
          transactions.set(id, { tx, finish, done });
          opened();
          if (!(await ended)) await tx.rollback();
        });
        done.catch(failed);
      });
      return id;
    }
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`Transaction ${request.tx} is not open.`);
      transactions.delete(request.tx);
      open.finish(request.commit);
      await open.done;
      return null;
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

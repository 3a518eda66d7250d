/**
 * Work that would hold the request thread for long runs on a worker thread: the broker
 * simulator, the backtest engine, reading an imported CSV file. A thread module serves named
 * calls with `serveCalls`; the request thread starts it with `startThread` and awaits its answers.
 */
import { Worker, isMainThread, parentPort, workerData, type Transferable } from 'node:worker_threads';
import { AppError } from '../errors.ts';

type Call = { id: number; name: string; args: unknown[] };
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** What a thread answers: the value and, optionally, buffers to move rather than copy. */
export class Transfer<T> {
  constructor(
    readonly value: T,
    readonly transfer: Transferable[],
  ) {}
}

/**
 * An error's message and its own plain fields (code, status…), so it survives the crossing; an
 * AppError (a member's 422, say) comes back as the same AppError.
 */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof AppError) return { appError: { code: error.code, message: error.message, fields: error.fields } };
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

export function rebuildError(fields: Record<string, unknown>): Error {
  if (fields.appError) {
    const { code, message, fields: invalid } = fields.appError as Pick<AppError, 'code' | 'message' | 'fields'>;
    return new AppError(code, message, invalid);
  }
  const error = new Error(String(fields.message ?? 'The worker thread failed.'));
  return Object.assign(error, fields);
}

type Handlers = Record<string, (...args: never[]) => unknown>;

/** In a thread module: answers calls by name, one at a time in arrival order. */
export function serveCalls(handlers: Handlers) {
  if (isMainThread || !parentPort) throw new Error('serveCalls runs on a worker thread.');
  const port = parentPort;
  let queue = Promise.resolve();
  port.on('message', (call: Call) => {
    queue = queue.then(async () => {
      try {
        const handler = handlers[call.name];
        if (!handler) throw new Error(`This thread has no call named ${call.name}.`);
        const value = await (handler as (...args: unknown[]) => unknown)(...call.args);
        if (value instanceof Transfer) port.postMessage({ id: call.id, ok: true, value: value.value } satisfies Reply, value.transfer);
        else port.postMessage({ id: call.id, ok: true, value } satisfies Reply);
      } catch (error) {
        port.postMessage({ id: call.id, ok: false, error: errorFields(error) } satisfies Reply);
      }
    });
  });
}

/** The thread module's own data (what `startThread` was given). */
export const threadData = <T>() => (workerData as { data: T }).data;

export type Thread = {
  call: <T>(name: string, args: unknown[], transfer?: Transferable[]) => Promise<T>;
  close: () => Promise<void>;
};

/**
 * Requests to a worker, each answered by a reply carrying its id; if the worker fails or stops,
 * every request waiting for it fails too. `unrefWhenIdle`: an idle worker does not keep a
 * finished process (a test, a script) alive.
 */
export function messenger(worker: Worker, { unrefWhenIdle = false } = {}) {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  if (unrefWhenIdle) worker.unref();
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (unrefWhenIdle && pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuildError(reply.error));
  });
  const fail = (error: Error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`A worker thread stopped (exit code ${code}).`)));
  return <T>(message: object, transfer: Transferable[] = []): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    if (unrefWhenIdle) worker.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id }, transfer);
    });
  };
}

/** Starts `entry` (a TypeScript module calling `serveCalls`) on its own thread. */
export function startThread(entry: URL, data: unknown = null): Thread {
  const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), { workerData: { entry: entry.href, data } });
  const send = messenger(worker, { unrefWhenIdle: true });
  return {
    call: (name, args, transfer = []) => send({ name, args } satisfies Omit<Call, 'id'>, transfer),
    close: async () => {
      await worker.terminate();
    },
  };
}

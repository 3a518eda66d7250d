/**
 * Starts a TypeScript module on a worker thread: a worker does not inherit the TypeScript loader
 * the server runs under (`node --import tsx`), so it registers tsx itself, then loads the module
 * named by `workerData.entry`. See threads.ts.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

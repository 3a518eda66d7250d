/**
 * Where the mixed load's slow requests spend their time, seen from inside an app instance:
 * `LOAD_NODE_ARGS="--import ./bench/load/tail-probe.mjs" npx tsx bench/load/run.ts …`, then
 * `node bench/load/tail-report.mjs`. Each instance writes, as it exits, into
 * <tmpdir>/load-tail-probe/<port>-<pid>.json:
 * - every request's server-side time (the `request` event to the answer's `finish`) and kind;
 * - the gap on each keep-alive socket from an answer's `finish` to the next request's `request`
 *   event: the client's turnaround plus the time the request waited before the event loop read it;
 * - event-loop stalls (a 5 ms timer late by more than 15 ms) and GC pauses.
 * Not part of the measured figures: it costs the instances a little CPU.
 */
import dc from 'node:diagnostics_channel';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const origin = Date.now() - performance.now();
const wall = (t) => Math.round(origin + t);
const requests = []; // [start (wall ms), ms, kind]
const gaps = []; // [start (wall ms), ms]
const stalls = []; // [start (wall ms), ms late]
const gcs = []; // [start (wall ms), ms, kind: 1 scavenge, 4 mark-compact, 8 incremental, 16 weak callbacks]
const lastFinish = new WeakMap();

function kindOf(url) {
  if (url.startsWith('/api/login')) return 'sign-in';
  if (url.startsWith('/api/me')) return 'me';
  if (url.includes('day-summaries')) return 'tradedesk day summaries';
  if (url.includes('order-history')) return url.includes('limit=400') ? 'tradedesk order history' : 'trade log page';
  if (url.includes('/journals/days')) return 'daily log write';
  if (url.includes('/monitor')) return 'bot monitor';
  return 'other';
}

dc.subscribe('http.server.request.start', ({ request, response, socket }) => {
  const start = performance.now();
  const previous = lastFinish.get(socket);
  if (previous !== undefined) gaps.push([wall(start), +(start - previous).toFixed(2)]);
  const kind = kindOf(request.url);
  response.once('finish', () => {
    const end = performance.now();
    lastFinish.set(socket, end);
    requests.push([wall(start), +(end - start).toFixed(2), kind]);
  });
});

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  if (now - last - 5 > 15) stalls.push([wall(last), +(now - last - 5).toFixed(1)]);
  last = now;
}, 5).unref();

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push([wall(e.startTime), +e.duration.toFixed(2), e.detail?.kind]);
}).observe({ entryTypes: ['gc'] });

process.on('exit', () => {
  const dir = path.join(os.tmpdir(), 'load-tail-probe');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${process.env.PORT}-${process.pid}.json`), JSON.stringify({ port: process.env.PORT, requests, gaps, stalls, gcs }));
});

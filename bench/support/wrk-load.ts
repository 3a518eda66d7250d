/**
 * HTTP load from wrk (C, epoll) instead of a Node client: on this 2-core machine a Node client
 * at thousands of requests a second takes a large share of a core from the app and PostgreSQL,
 * and its event loop delays the moment it records each answer. wrk costs a small fraction of
 * that. Its keep-alive connections cycle through the given requests; any answer outside 2xx
 * fails the run (the benches measure served pages, not error paths).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile } from './percentile.ts';

export type WrkRequest = { method: string; path: string; headers?: Record<string, string>; body?: unknown };

export type WrkResult = {
  requests: number;
  seconds: number;
  rps: number;
  /** Latency percentiles and maximum, ms (wrk's histogram: from sending a request to its answer). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  socketErrors: number;
  /** CPU (user + system) wrk itself used: what the client took from the cores the server shares. */
  clientCpuSeconds: number;
  /** An open load's every latency, µs from its due time (see `pacing`), so runs side by side can be taken together. */
  latenciesUs?: number[];
};

/** A Lua string literal of `text`'s UTF-8 bytes: printable ASCII kept, every other byte as \ddd. */
function luaString(text: string) {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) out += byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c ? String.fromCharCode(byte) : `\\${byte}`;
  return `${out}"`;
}

/**
 * The script: `init` formats every request once per thread, `request` hands them out in turn,
 * `response` counts answers outside 2xx (keeping the first as a sample), `done` prints one JSON
 * line. wrk calls `response` only when a script defines it; parsing the answers is its cost.
 * With `rate` (see `wrkLoad`) the script also paces the sends and measures each answer itself.
 */
function script(requests: WrkRequest[], threadCount: number, rate?: { perSecond: number; connections: number }) {
  const table = requests
    .map((r) => {
      const headers = { ...r.headers, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) };
      const body = r.body === undefined ? 'nil' : luaString(JSON.stringify(r.body));
      const fields = Object.entries(headers).map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`);
      return `  { ${luaString(r.method)}, ${luaString(r.path)}, { ${fields.join(', ')} }, ${body} },`;
    })
    .join('\n');
  return `local list = {
${table}
}
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("threadIndex", #threads - 1)
end
function init(args)
  formatted = {}
  for i, r in ipairs(list) do formatted[i] = wrk.format(r[1], r[2], r[3], r[4]) end
  -- Each thread (each connection of an open load) starts at its own place in the list: from the
  -- same place they would send the same requests together, every sign-in at once.
  nextIndex = math.floor(threadIndex * #formatted / ${threadCount})
  non2xx = 0
  sample = ""
end
function request()
  nextIndex = nextIndex % #formatted + 1
${rate ? '  paced()\n' : ''}  return formatted[nextIndex]
end
function response(status, headers, body)
${rate ? '  answered()\n' : ''}  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    -- Control characters, quotes and backslashes blanked: the sample goes into a JSON string.
    if sample == "" then sample = (string.gsub(status .. " " .. string.sub(body or "", 1, 200), '[%c"\\\\]', " ")) end
  end
end
function done(summary, latency, requests)
  local non2xx, sample = 0, ""
  for _, thread in ipairs(threads) do
    non2xx = non2xx + thread:get("non2xx")
    if sample == "" then sample = thread:get("sample") end
  end
  local e = summary.errors
  local p50, p95, p99, max = latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,"non2xx":%d,"socketErrors":%d,"sample":"%s"${rate ? ',"latenciesUs":[%s]' : ''}}\\n',
    summary.requests, summary.duration, p50, p95, p99, max, non2xx, e.connect + e.read + e.write + e.timeout, sample${rate ? ', pacedLatencies()' : ''}))
end
${rate ? pacing(rate.perSecond, rate.connections) : ''}`;
}

/**
 * An open load (as wrk2 runs it, which Debian does not package): each connection, on a thread of
 * its own, sends its nth request at its start + n × its period, whatever the answers before it
 * took, and an answer's latency counts from that due time, not from when it could be sent. A
 * closed load (each connection waits for its answer) sends less while the server is slow, so the
 * slow moments weigh less in its percentiles ("coordinated omission"), and at full speed it
 * measures the queue it builds itself. The connections' starts are spread over one period so the
 * sends do not come in bursts. wrk calls `delay` before each `request`; its milliseconds are
 * whole, so a send may leave up to 1 ms early (its latency then counts from the send).
 */
function pacing(perSecond: number, connections: number) {
  const periodUs = (connections * 1e6) / perSecond;
  return `local ffi = require("ffi")
ffi.cdef[[ typedef struct { long tv_sec; long tv_nsec; } pacing_timespec; int clock_gettime(int, pacing_timespec *); ]]
local clock = ffi.new("pacing_timespec")
local function nowUs()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC
  return tonumber(clock.tv_sec) * 1e6 + tonumber(clock.tv_nsec) / 1e3
end
local periodUs = ${periodUs}
local sent, dueUs, startUs = 0, 0, nil
latencies = {}
-- wrk sends a connection's first request at once, then asks delay() before each next one.
local function start()
  if startUs == nil then startUs = nowUs() + (threadIndex % ${connections}) * periodUs / ${connections} end
end
function delay()
  start()
  local waitMs = (startUs + sent * periodUs - nowUs()) / 1000
  if waitMs < 0 then return 0 end
  return math.floor(waitMs)
end
function paced()
  start()
  dueUs = startUs + sent * periodUs
  sent = sent + 1
end
function answered()
  local took = nowUs() - dueUs
  if took < 0 then took = 0 end
  latencies[#latencies + 1] = took
end
function pacedLatencies()
  local all = {}
  for _, thread in ipairs(threads) do
    for _, took in ipairs(thread:get("latencies")) do all[#all + 1] = string.format("%d", took) end
  end
  return table.concat(all, ",")
end
`;
}

/**
 * Runs wrk against `base` (http://host:port) on `connections` keep-alive connections for
 * `seconds`, cycling through `requests`. Throws when wrk is missing or any answer is not 2xx.
 */
export async function wrkLoad(options: {
  base: string;
  requests: WrkRequest[];
  connections: number;
  seconds: number;
  threads?: number;
  /**
   * Requests per second to offer, all connections together, as an open load (see `pacing`): the
   * latency at that rate rather than at the most the server can take. Each connection then runs
   * on a thread of its own (wrk's Lua state is per thread; the pacing is per connection).
   */
  rate?: number;
}): Promise<WrkResult> {
  if (options.requests.length === 0) throw new Error('wrkLoad: no requests');
  const threads = options.rate ? options.connections : (options.threads ?? 1);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-load-'));
  try {
    const file = path.join(dir, 'load.lua');
    writeFileSync(file, script(options.requests, threads, options.rate ? { perSecond: options.rate, connections: threads } : undefined));
    const args = ['-t', String(threads), '-c', String(Math.max(threads, options.connections)), '-d', `${options.seconds}s`, '-s', file, options.base];
    // bash's `times` after wrk has exited: its children's user and system CPU, the client's cost.
    const command = `wrk ${args.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')} && times`;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('bash', ['-c', `command -v wrk >/dev/null || exit 127; ${command}`], { maxBuffer: 1 << 26 }, (error, out, err) => {
        if ((error as { code?: number } | null)?.code === 127) reject(new Error('wrk is not installed: apt-get install wrk (Debian/Ubuntu package wrk)'));
        else if (error) reject(new Error(`wrk failed: ${error.message}\n${out}${err}`));
        else resolve(out);
      }),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const summary = JSON.parse(line) as { requests: number; durationUs: number; p50: number; p95: number; p99: number; max: number; non2xx: number; socketErrors: number; sample: string; latenciesUs?: number[] };
    // `times` prints the shell's line, then its children's: "0m1.234s 0m0.567s".
    const children = stdout.trim().split('\n').at(-1)!.match(/(\d+)m([\d.]+)s/g) ?? [];
    const clientCpuSeconds = children.reduce((sum, t) => {
      const [, m, s] = /(\d+)m([\d.]+)s/.exec(t)!;
      return sum + Number(m) * 60 + Number(s);
    }, 0);
    if (summary.non2xx > 0) throw new Error(`${summary.non2xx} of ${summary.requests} answers were not 2xx; first: ${summary.sample}`);
    const seconds = summary.durationUs / 1e6;
    const ms = (us: number) => us / 1000;
    return {
      requests: summary.requests,
      seconds,
      rps: summary.requests / seconds,
      // An open load's latencies count from each request's due time: its percentiles are theirs, not wrk's histogram's.
      ...(summary.latenciesUs
        ? percentilesOf(summary.latenciesUs)
        : { p50: ms(summary.p50), p95: ms(summary.p95), p99: ms(summary.p99), max: ms(summary.max) }),
      non2xx: summary.non2xx,
      socketErrors: summary.socketErrors,
      clientCpuSeconds,
      latenciesUs: summary.latenciesUs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Open loads run side by side on one instance (`wrkLoad` with `rate`), taken as one: their
 * requests and CPU added up, their percentiles over all their latencies together.
 */
export function combinedOpenLoads(runs: WrkResult[]): WrkResult {
  if (runs.some((run) => !run.latenciesUs)) throw new Error('combinedOpenLoads: open loads only (no latencies)');
  const latencies = runs.flatMap((run) => run.latenciesUs!);
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = Math.max(...runs.map((run) => run.seconds));
  return {
    requests,
    seconds,
    rps: requests / seconds,
    ...percentilesOf(latencies),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    socketErrors: runs.reduce((sum, run) => sum + run.socketErrors, 0),
    clientCpuSeconds: runs.reduce((sum, run) => sum + run.clientCpuSeconds, 0),
    latenciesUs: latencies,
  };
}

/** p50, p95, p99 and the maximum, ms, of latencies in µs (sorted in place): the nearest rank, 0 when none. */
function percentilesOf(latenciesUs: number[]) {
  latenciesUs.sort((a, b) => a - b);
  const at = (p: number) => percentile(latenciesUs, p) / 1000;
  return { p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

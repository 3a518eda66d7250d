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
 */
function script(requests: WrkRequest[]) {
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
function setup(thread) table.insert(threads, thread) end
function init(args)
  formatted = {}
  for i, r in ipairs(list) do formatted[i] = wrk.format(r[1], r[2], r[3], r[4]) end
  nextIndex = 0
  non2xx = 0
  sample = ""
end
function request()
  nextIndex = nextIndex % #formatted + 1
  return formatted[nextIndex]
end
function response(status, headers, body)
  if status < 200 or status > 299 then
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
  io.write(string.format('{"requests":%d,"durationUs":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d,"non2xx":%d,"socketErrors":%d,"sample":"%s"}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    non2xx, e.connect + e.read + e.write + e.timeout, sample))
end
`;
}

/**
 * Runs wrk against `base` (http://host:port) on `connections` keep-alive connections for
 * `seconds`, cycling through `requests`. Throws when wrk is missing or any answer is not 2xx.
 */
export async function wrkLoad(options: { base: string; requests: WrkRequest[]; connections: number; seconds: number; threads?: number }): Promise<WrkResult> {
  if (options.requests.length === 0) throw new Error('wrkLoad: no requests');
  const threads = options.threads ?? 1;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wrk-load-'));
  try {
    const file = path.join(dir, 'load.lua');
    writeFileSync(file, script(options.requests));
    const args = ['-t', String(threads), '-c', String(Math.max(threads, options.connections)), '-d', `${options.seconds}s`, '-s', file, options.base];
    // bash's `times` after wrk has exited: its children's user and system CPU, the client's cost.
    const command = `wrk ${args.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ')} && times`;
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('bash', ['-c', `command -v wrk >/dev/null || exit 127; ${command}`], { maxBuffer: 1 << 20 }, (error, out, err) => {
        if ((error as { code?: number } | null)?.code === 127) reject(new Error('wrk is not installed: apt-get install wrk (Debian/Ubuntu package wrk)'));
        else if (error) reject(new Error(`wrk failed: ${error.message}\n${out}${err}`));
        else resolve(out);
      }),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const summary = JSON.parse(line) as { requests: number; durationUs: number; p50: number; p95: number; p99: number; max: number; non2xx: number; socketErrors: number; sample: string };
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
      p50: ms(summary.p50),
      p95: ms(summary.p95),
      p99: ms(summary.p99),
      max: ms(summary.max),
      non2xx: summary.non2xx,
      socketErrors: summary.socketErrors,
      clientCpuSeconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

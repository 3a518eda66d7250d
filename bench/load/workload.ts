/**
 * The mixed member workload: bounded concurrency, bounded duration, loopback only. A fixed list
 * of requests, each a seeded member doing one of the things members do all day in the mix's
 * proportions, is cycled by wrk (support/wrk-load.ts) over keep-alive connections to each
 * instance: the load is spread over the instances as a round robin would.
 */
import { PASSWORD, type SeededMember } from './seed.ts';
import { combinedOpenLoads, wrkLoad, type WrkRequest } from '../support/wrk-load.ts';

type Request = { kind: string; method: 'GET' | 'PUT' | 'POST'; path: string; body?: unknown };

/** Relative weights per 1,000 picks. Sign-in hashes a password on purpose: kept rare. */
const MIX: Array<{ weight: number; build: (m: SeededMember, n: number) => Request[] }> = [
  { weight: 200, build: () => [{ kind: 'me', method: 'GET', path: '/api/me' }] },
  {
    weight: 200,
    build: (_m, n) => [{ kind: 'trade log page', method: 'GET', path: `/api/trades/order-history?per_page=50&page=${1 + (n % 3)}` }],
  },
  {
    weight: 180,
    build: () => {
      const month = monthOf(Date.now());
      return [
        { kind: 'tradedesk day summaries', method: 'GET', path: `/api/trades/day-summaries?from=${month.from}&to=${month.to}` },
        { kind: 'tradedesk order history', method: 'GET', path: '/api/trades/order-history?limit=400&per_page=400&page=1' },
      ];
    },
  },
  {
    weight: 118,
    build: (_m, n) => [
      {
        kind: 'daily log write',
        method: 'PUT',
        path: `/api/journals/days/${dayBefore(n % 20)}`,
        body: { overall_notes: `<p>Load note ${n}: followed the plan.</p>`, sentiment: 'Confident' },
      },
    ],
  },
  { weight: 300, build: (m) => [{ kind: 'bot monitor', method: 'GET', path: `/api/alphaorb/bots/${m.botId}/monitor` }] },
  { weight: 2, build: () => [{ kind: 'sign-in', method: 'POST', path: '/api/login' }] },
];

function monthOf(ms: number) {
  const d = new Date(ms);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export type LoadResult = {
  requests: number;
  /** CPU seconds the load generator itself used (wrk; it shares the machine with the servers). */
  generatorCpuSeconds: number;
  /** Connections that failed (connect, read, write, timeout); an answer outside 2xx throws. */
  errors: number;
  seconds: number;
  rps: number;
  /** The worst instance's p50 and p99 (each instance is driven by its own wrk). */
  p50: number;
  p99: number;
  perInstance: Array<{ url: string; requests: number; rps: number; p50: number; p99: number }>;
  /** How many of the cycled list's requests are of each kind: the mix the figures are for. */
  mix: Record<string, number>;
};

/**
 * The cycled list: `totalWeight` × 2 picks, pick n of entry (n × 7919) mod the total weight (7919
 * is prime to 1,000, so every weight is met exactly), as member (n × 7919) mod the members. A
 * TradeDesk month's two requests follow each other in the list; the screen sends them together.
 */
function requestList(members: SeededMember[], kind: string | undefined, cookie: string, xsrf: string): Array<WrkRequest & { kind: string }> {
  const totalWeight = MIX.reduce((sum, entry) => sum + entry.weight, 0);
  const list: Array<WrkRequest & { kind: string }> = [];
  for (let n = 0; n < totalWeight * 2; n++) {
    const member = members[(n * 7919) % members.length]!;
    let roll = (n * 7919) % totalWeight;
    const entry = MIX.find((e) => (roll -= e.weight) < 0)!;
    for (const request of entry.build(member, n)) {
      if (kind && request.kind !== kind) continue;
      const headers: Record<string, string> = { accept: 'application/json' };
      let body = request.body;
      if (request.kind === 'sign-in') body = { username: member.email, password: PASSWORD };
      else headers.authorization = `Bearer ${member.token}`;
      if (request.method !== 'GET') {
        headers['x-xsrf-token'] = xsrf;
        headers.cookie = cookie;
      }
      list.push({ kind: request.kind, method: request.method, path: request.path, headers, body });
    }
  }
  return list;
}

/**
 * Drives the instances at `urls` for `seconds`: one wrk per instance, run together, each on its
 * share of `concurrency` keep-alive connections and cycling the same mixed list.
 */
export async function runWorkload(options: {
  urls: string[];
  members: SeededMember[];
  concurrency: number;
  seconds: number;
  /** Only the requests of this kind (one endpoint at a time: its own latencies). */
  kind?: string;
  /** Requests per second offered as an open load, all instances together (wrk-load.ts `rate`); none: as fast as answered. */
  rate?: number;
}): Promise<LoadResult> {
  // One XSRF pair serves every instance: they share APP_KEY, which signs it.
  const csrf = await fetch(`${options.urls[0]}/sanctum/csrf-cookie`);
  const cookie = csrf.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const xsrf = cookie.slice('XSRF-TOKEN='.length);
  const list = requestList(options.members, options.kind, cookie, xsrf);
  if (list.length === 0) throw new Error(`no request kind "${options.kind}"`);
  const connections = Math.ceil(options.concurrency / options.urls.length);
  const rate = options.rate === undefined ? undefined : options.rate / options.urls.length;
  // Each instance's wrk starts at its own place in the list, as each connection does within one.
  const from = (at: number) => Math.floor((at * list.length) / options.urls.length);
  const results = await Promise.all(
    options.urls.map((base, at) => {
      const requests = [...list.slice(from(at)), ...list.slice(0, from(at))];
      return rate === undefined
        ? wrkLoad({ base, requests, connections, seconds: options.seconds })
        : openLoad({ base, requests, connections, seconds: options.seconds, rate });
    }),
  );
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const seconds = Math.max(...results.map((r) => r.seconds));
  const mix: Record<string, number> = {};
  for (const request of list) mix[request.kind] = (mix[request.kind] ?? 0) + 1;
  return {
    requests,
    generatorCpuSeconds: results.reduce((sum, r) => sum + r.clientCpuSeconds, 0),
    errors: results.reduce((sum, r) => sum + r.socketErrors, 0),
    seconds,
    rps: requests / seconds,
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    perInstance: results.map((r, k) => ({ url: options.urls[k]!, requests: r.requests, rps: r.rps, p50: r.p50, p99: r.p99 })),
    mix,
  };
}

/**
 * An open load on one instance, its sign-ins on a connection of their own. wrk sends a
 * connection's requests one after another, each due at its time: a sign-in (its password hash
 * takes ~100 ms on purpose) kept the requests due behind it on its connection waiting, up to
 * 150 ms past their due time, though they were other members' requests. No member's browser
 * waits behind another member's sign-in, nor does a proxy's request (it takes another upstream
 * connection while one is busy). Sign-ins keep their share of the rate, and their own latencies
 * count with the rest (docs/benchmarks.md, "the open load's sign-ins").
 */
async function openLoad(options: { base: string; requests: Array<WrkRequest & { kind: string }>; connections: number; seconds: number; rate: number }) {
  const signIns = options.requests.filter((request) => request.kind === 'sign-in');
  const others = options.requests.filter((request) => request.kind !== 'sign-in');
  const rateOf = (part: unknown[]) => (options.rate * part.length) / options.requests.length;
  const parts = [
    { requests: others, connections: options.connections },
    { requests: signIns, connections: 1 },
  ].filter((part) => part.requests.length > 0);
  const runs = await Promise.all(
    parts.map((part) => wrkLoad({ base: options.base, ...part, seconds: options.seconds, rate: rateOf(part.requests) })),
  );
  return combinedOpenLoads(runs);
}

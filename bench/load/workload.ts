/**
 * The mixed member workload: bounded concurrency, bounded duration, loopback only. Each
 * virtual user picks a seeded member and one of the things members do all day; requests go
 * round-robin to the instances over keep-alive connections (undici pools).
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { PASSWORD, type SeededMember } from './seed.ts';
import { percentile } from '../support/percentile.ts';

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
  /** CPU seconds the load generator itself used (it shares the machine with the servers). */
  generatorCpuSeconds: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  byKind: Record<string, { count: number; p50: number; p99: number; errors: number }>;
  errorSamples: string[];
};


export async function runWorkload(options: {
  urls: string[];
  members: SeededMember[];
  concurrency: number;
  seconds: number;
  /** Only the picks that send this kind of request (one endpoint at a time). */
  kind?: string;
}): Promise<LoadResult> {
  const mix = options.kind ? MIX.filter((e) => e.build(options.members[0]!, 0).some((r) => r.kind === options.kind)) : MIX;
  if (mix.length === 0) throw new Error(`no request kind "${options.kind}"`);
  const totalWeight = mix.reduce((sum, entry) => sum + entry.weight, 0);
  const pools = options.urls.map((url) => new Pool(url, { connections: Math.ceil(options.concurrency / options.urls.length) + 2, pipelining: 1 }));
  // One XSRF pair serves every instance: they share APP_KEY, which signs it.
  const csrf = await pools[0]!.request({ method: 'GET', path: '/sanctum/csrf-cookie' });
  await csrf.body.dump();
  const cookie = [csrf.headers['set-cookie']].flat().find((c) => c?.startsWith('XSRF-TOKEN='))!.split(';')[0]!;
  const xsrf = cookie.slice('XSRF-TOKEN='.length);

  const latencies = new Map<string, number[]>();
  const errorsByKind = new Map<string, number>();
  const errorSamples: string[] = [];
  let next = 0;
  let picks = 0;
  const deadline = performance.now() + options.seconds * 1000;

  async function send(member: SeededMember, request: Request) {
    const pool = pools[next++ % pools.length]!;
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (request.kind === 'sign-in') {
      body = JSON.stringify({ username: member.email, password: PASSWORD });
    } else {
      headers.authorization = `Bearer ${member.token}`;
      if (request.body !== undefined) body = JSON.stringify(request.body);
    }
    if (request.method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers['x-xsrf-token'] = xsrf;
      headers.cookie = cookie;
    }
    const started = performance.now();
    let failure: string | null = null;
    try {
      const res = await pool.request({ method: request.method, path: request.path, headers, body });
      const text = await res.body.text();
      if (res.statusCode >= 300) failure = `${request.kind} ${res.statusCode} ${text.slice(0, 160)}`;
    } catch (error) {
      failure = `${request.kind} ${(error as Error).message}`;
    }
    const list = latencies.get(request.kind) ?? [];
    list.push(performance.now() - started);
    latencies.set(request.kind, list);
    if (failure) {
      errorsByKind.set(request.kind, (errorsByKind.get(request.kind) ?? 0) + 1);
      if (errorSamples.length < 10) errorSamples.push(failure);
    }
  }

  async function virtualUser(index: number) {
    while (performance.now() < deadline) {
      const n = picks++;
      const member = options.members[(index * 7919 + n) % options.members.length]!;
      let roll = (n * 7_919 + index * 104_729) % totalWeight;
      const entry = mix.find((e) => (roll -= e.weight) < 0)!;
      // The TradeDesk month loads its two requests together, as the screen does.
      await Promise.all(entry.build(member, n).map((request) => send(member, request)));
    }
  }

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: options.concurrency }, (_, i) => virtualUser(i)));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  await Promise.all(pools.map((pool) => pool.close()));

  const all = [...latencies.values()].flat().sort((a, b) => a - b);
  const errors = [...errorsByKind.values()].reduce((a, b) => a + b, 0);
  const byKind = Object.fromEntries(
    [...latencies].map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [kind, { count: list.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), errors: errorsByKind.get(kind) ?? 0 }];
    }),
  );
  return {
    requests: all.length,
    generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
    errors,
    seconds,
    rps: all.length / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    byKind,
    errorSamples,
  };
}

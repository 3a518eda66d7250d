/**
 * `node bench/load/tail-report.mjs [dir] [seconds]`: reads what tail-probe.mjs wrote
 * (<tmpdir>/load-tail-probe by default) and prints, per instance, for the last `seconds` (default
 * 30, the full-size measured run; 8 with --quick): server-side p50 / p99 by kind, the socket
 * gaps, event-loop stalls, scavenges, and how many slow requests overlapped a sign-in.
 */
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = process.argv[2] ?? path.join(os.tmpdir(), 'load-tail-probe');
const MEASURED_MS = Number(process.argv[3] ?? 30) * 1000;
const pct = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
};
const sum = (values) => values.reduce((a, b) => a + b, 0);

for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const probe = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const end = Math.max(...probe.requests.map(([start, ms]) => start + ms));
  const inRun = ([start]) => start >= end - MEASURED_MS;
  const requests = probe.requests.filter(inRun);
  const signIns = requests.filter(([, , kind]) => kind === 'sign-in');
  const others = requests.filter(([, , kind]) => kind !== 'sign-in');
  const slow = others.filter(([, ms]) => ms > 100);
  const duringSignIn = slow.filter(([s, ms]) => signIns.some(([t, d]) => t < s + ms && t + d > s));
  const gaps = probe.gaps.filter(inRun).map(([, ms]) => ms);
  const stalls = probe.stalls.filter(inRun).map(([, ms]) => ms);
  const scavenges = probe.gcs.filter((g) => inRun(g) && g[2] === 1).map(([, ms]) => ms);
  console.log(`instance on port ${probe.port}: ${requests.length} requests in the last ${MEASURED_MS / 1000} s`);
  for (const kind of [...new Set(requests.map(([, , k]) => k))]) {
    const ms = requests.filter(([, , k]) => k === kind).map(([, m]) => m);
    console.log(`  ${kind}: ${ms.length}, p50 ${pct(ms, 50).toFixed(1)} / p99 ${pct(ms, 99).toFixed(1)} ms`);
  }
  const othersMs = others.map(([, ms]) => ms);
  console.log(`  all but sign-ins: p50 ${pct(othersMs, 50).toFixed(1)} / p99 ${pct(othersMs, 99).toFixed(1)} ms server-side`);
  console.log(`  socket gap (answer finished -> next request read): p50 ${pct(gaps, 50).toFixed(1)} / p99 ${pct(gaps, 99).toFixed(1)} ms`);
  console.log(`  event-loop stalls over 15 ms: ${stalls.length}, ${(sum(stalls) / 1000).toFixed(1)} s in all`);
  console.log(`  scavenges: ${scavenges.length}, mean ${(sum(scavenges) / scavenges.length).toFixed(1)} ms, longest ${Math.max(...scavenges).toFixed(0)} ms`);
  console.log(`  requests over 100 ms (not sign-ins): ${slow.length}, ${duringSignIn.length} of them while a sign-in was in flight; sign-ins' time: ${((100 * sum(signIns.map(([, ms]) => ms))) / MEASURED_MS).toFixed(0)} % of the ${MEASURED_MS / 1000} s`);
}

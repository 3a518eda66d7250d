/**
 * App instances for the load test: real `apps/server/src/server.ts` child processes on
 * loopback, each with its own PORT, told apart only by their environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '../../apps/server/src/server.ts');

export type Instance = { name: string; url: string; process: ChildProcess; stderr: string[] };

/**
 * Starts an instance and resolves once /readyz answers (within `readyWithinMs`, default 120 s);
 * `signal` abandons the start (kills it).
 */
export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  { signal, readyWithinMs = 120_000 }: { signal?: AbortSignal; readyWithinMs?: number } = {},
): Promise<Instance> {
  // LOAD_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the instances.
  const nodeArgs = (process.env.LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      BROKER_SIM: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Rare sign-ins from one loopback address must not trip the per-address limit.
      LOGIN_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (stderr.length > 50) stderr.shift();
  });
  const instance = { name, url: `http://127.0.0.1:${port}`, process: child, stderr };
  const abandon = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', abandon, { once: true });
  try {
    const deadline = Date.now() + readyWithinMs;
    while (Date.now() < deadline) {
      if (signal?.aborted) throw new Error(`${name}: start abandoned`);
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${stderr.join('')}`);
      const ready = await fetch(`${instance.url}/readyz`).then((r) => r.ok).catch(() => false);
      if (ready) return instance;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    child.kill('SIGKILL');
    throw new Error(`${name} did not become ready within ${readyWithinMs / 1000} s:\n${stderr.join('')}`);
  } finally {
    signal?.removeEventListener('abort', abandon);
  }
}

/** Graceful stop (SIGTERM, as in production), then a hard one if it hangs. */
export async function stopInstance(instance: Instance) {
  if (instance.process.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => instance.process.once('exit', () => resolve()));
  instance.process.kill('SIGTERM');
  const timer = setTimeout(() => instance.process.kill('SIGKILL'), 25_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of an instance, read from its Prometheus endpoint (loopback may scrape). */
export async function residentMemory(instance: Instance): Promise<number | null> {
  const text = await fetch(`${instance.url}/metrics`).then((r) => r.text()).catch(() => '');
  const match = /^th_process_resident_memory_bytes (\d+(?:\.\d+)?)/m.exec(text);
  return match ? Number(match[1]) : null;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux only; 0 elsewhere). */
export function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the command name: state is field 3, utime 14 and stime 15 (clock ticks).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

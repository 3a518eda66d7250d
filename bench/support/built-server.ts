/**
 * The built app as `npm run serve` starts it, on a free loopback port, and Debian's Chromium,
 * for the browser benches (landing-perf, tradedesk-perf). Run `npm run build` first: the server
 * serves apps/web/dist.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';

/** Headless Chromium that makes no calls of its own (this machine's network is closed). */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
}

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with `env` on top of production defaults (on `options.port`, or a free one);
 * resolves once /readyz answers.
 * BENCH_PROFILE=<dir> has Node write the server's CPU profile there when it stops.
 */
export async function startBuiltServer(env: Record<string, string>, options: { port?: number } = {}): Promise<{ base: string; child: ChildProcess }> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // However the bench ends (Chromium missing, a failed assertion), the server goes with it.
  process.once('exit', () => child.kill());
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready within 120 s');
}

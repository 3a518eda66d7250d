import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/** The Zoom secret token the e2e server checks; the fake Zoom signs with it. */
export const E2E_ZOOM_SECRET = 'e2e-zoom-webhook-secret';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Sends one Zoom event through `npm run zoom:demo` (the fake Zoom, signed like Zoom) to the
 * server under test; answers what the script printed ("meeting.started → 200 …").
 */
export async function sendZoomEvent(baseURL: string, ...args: string[]): Promise<string> {
  const script = ['--import', 'tsx', 'apps/server/scripts/zoom-demo.ts', ...args];
  const { stdout } = await promisify(execFile)(process.execPath, script, {
    cwd: repoRoot,
    env: { ...process.env, ZOOM_WEBHOOK_SECRET: E2E_ZOOM_SECRET, APP_URL: baseURL },
    timeout: 30_000,
  });
  return stdout.trim();
}

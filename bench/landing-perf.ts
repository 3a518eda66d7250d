// Public site benchmark: `npm run build`, then `npx tsx bench/landing-perf.ts`.
// Starts the built server on a free port with a temporary DATA_DIR, opens the home page in
// Debian's Chromium and reports:
//   1. gzipped JavaScript the home page downloads (target ≤ 120 KB, and no platform chunk),
//   2. Largest Contentful Paint on localhost (target ≤ 1.0 s; cold load and median of 5),
//   3. axe serious/critical violations on /, /preview/alt and /join (target: none).
// Exits non-zero when a target is missed.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { freePort, launchChromium, startBuiltServer } from './support/built-server.ts';

const JS_BUDGET_KB = 120;
const LCP_BUDGET_MS = 1000;
const AXE_PAGES = ['/', '/preview/alt', '/join'];
const WEB_DIST = path.join(import.meta.dirname, '../apps/web/dist');

/**
 * Files only signed-in pages load; none may load on the home page. Read from the build's page
 * list (route-files.json): a public page is one in the landing layout. Chunk names do not tell:
 * Rollup names a shared chunk after one of its modules (the plan card's chunk, which home and
 * sign-in share, is "account.module").
 */
function platformOnlyFiles(): Set<string> {
  const list = JSON.parse(readFileSync(path.join(WEB_DIST, 'route-files.json'), 'utf8')) as { pages: Array<{ files: string[] }> };
  const isPublic = (files: string[]) => files.some((file) => path.basename(file).startsWith('landing-layout-'));
  const publicFiles = new Set(list.pages.filter((page) => isPublic(page.files)).flatMap((page) => page.files));
  return new Set(list.pages.flatMap((page) => page.files).filter((file) => !publicFiles.has(file)).map((file) => path.basename(file)));
}


async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'th-landing-bench-'));
  const simPort = await freePort();
  const { base, child } = await startBuiltServer({ DATA_DIR: dataDir, BROKER_SIM_PORT: String(simPort) });
  return { base, child, dataDir };
}

async function homeJavaScript(browser: Browser, base: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || !url.startsWith(base)) return;
    const body = await response.body().catch(() => null);
    if (body) scripts.set(new URL(url).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  // Scrolling reveals every section: anything they lazy-load counts too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  await context.close();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { total, scripts: [...scripts.entries()].sort((a, b) => b[1] - a[1]) };
}

async function largestContentfulPaint(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`, { waitUntil: 'load' });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // LCP is final once nothing larger paints; half a second of quiet is plenty here.
        setTimeout(() => resolve(last), 500);
      }),
  );
  await context.close();
  return lcp;
}

async function axeViolations(browser: Browser, base: string, pathname: string) {
  // Reduced motion shows every fade-in section at once, so axe checks all of the content.
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  const result = await new AxeBuilder({ page }).analyze();
  await context.close();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const { base, child, dataDir } = await startServer();
  const browser = await launchChromium();
  let failed = false;
  try {
    const js = await homeJavaScript(browser, base);
    const platformOnly = platformOnlyFiles();
    const platform = js.scripts.filter(([name]) => platformOnly.has(path.basename(name)));
    console.log(`Home page JavaScript: ${kb(js.total)} KB gzipped in ${js.scripts.length} files (budget ${JS_BUDGET_KB} KB)`);
    for (const [name, size] of js.scripts) console.log(`  ${kb(size).padStart(6)} KB  ${name}`);
    if (js.total > JS_BUDGET_KB * 1024) failed = true;
    if (platform.length > 0) {
      console.log(`  platform chunks loaded: ${platform.map(([n]) => n).join(', ')}`);
      failed = true;
    } else {
      console.log('  no platform chunk loaded');
    }

    const runs: number[] = [];
    for (let i = 0; i < 6; i += 1) runs.push(await largestContentfulPaint(browser, base));
    const [cold, ...warm] = runs;
    const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)]!;
    console.log(`Largest Contentful Paint: first load ${cold!.toFixed(0)} ms, median of 5 more ${median.toFixed(0)} ms (budget ${LCP_BUDGET_MS} ms)`);
    if (cold! > LCP_BUDGET_MS || median > LCP_BUDGET_MS) failed = true;

    for (const pathname of AXE_PAGES) {
      const violations = await axeViolations(browser, base, pathname);
      console.log(`axe ${pathname}: ${violations.length} serious/critical violations`);
      for (const v of violations) {
        console.log(`  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} nodes)`);
        for (const node of v.nodes.slice(0, 3)) console.log(`      ${node.target.join(' ')}`);
      }
      if (violations.length > 0) failed = true;
    }
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(failed ? 'RESULT: a target was missed' : 'RESULT: all targets met');
  process.exit(failed ? 1 : 0);
}

await main();

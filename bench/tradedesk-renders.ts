// What React renders on a warm TradeDesk load: `npm run build`, seed with tradedesk-perf.ts's
// `--data-dir`, then `flock /tmp/bench.lock npx tsx bench/tradedesk-renders.ts --data-dir=<dir>`.
// Opens /tradedesk signed in as tradedesk-perf's member, leaves it for a blank page and opens it
// again (a new document in the same tab, as tradedesk-perf's warm loads do), three times, and
// prints every React commit of the last two loads: when it happened and how many components
// rendered in it. Counted through the hook React calls on each commit for its developer tools
// (`__REACT_DEVTOOLS_GLOBAL_HOOK__`, called in production builds too): a component rendered in a
// commit if it was mounted or did work in it (React's PerformedWork flag), walking only the
// subtrees React visited. `--port=<n>` serves on that port.
import { launchChromium, startBuiltServer } from './support/built-server.ts';
import { signIn } from './tradedesk-seed.ts';

const option = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

type Commit = { at: number; rendered: number };

// Plain script text: tsx would wrap named functions in a helper the page does not have.
const COMMIT_COUNTER = `(() => {
  const commits = [];
  window.__commits = commits;
  // Function, class, forwardRef and memo components (React's work tags).
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  function renderedIn(root) {
    let count = 0;
    const stack = [root];
    while (stack.length) {
      const fiber = stack.pop();
      const before = fiber.alternate;
      if (COMPONENT_TAGS.has(fiber.tag) && (before === null || (fiber.flags & PERFORMED_WORK))) count += 1;
      // Children React did not visit keep their old fibers: the same child as before.
      if (fiber.child && (before === null || fiber.child !== before.child)) {
        for (let child = fiber.child; child; child = child.sibling) stack.push(child);
      }
    }
    return count;
  }
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => commits.push({ at: performance.now(), rendered: renderedIn(root.current) }),
  };
})();`;

async function main() {
  const dataDir = option('data-dir');
  if (!dataDir) throw new Error('--data-dir=<dir seeded by tradedesk-perf.ts> is required');
  const port = option('port');
  const { base, child } = await startBuiltServer(
    { DATA_DIR: dataDir, RUN_WORKER: 'false', BROKER_SIM: 'false' },
    port ? { port: Number(port) } : {},
  );
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(COMMIT_COUNTER);
    const page = await context.newPage();
    await signIn(page.context(), base);
    for (let load = 1; load <= 3; load += 1) {
      await page.goto('about:blank');
      await page.goto(`${base}/tradedesk`);
      await page.locator('table[role=treegrid] tr[data-trade-id]').first().waitFor();
      // The secondary calls and their renders come within a second of the page.
      await page.waitForTimeout(2_000);
      const commits = await page.evaluate(
        () => (window as unknown as { __commits: Commit[] }).__commits,
      );
      if (load === 1) continue;
      const rendered = commits.reduce((sum, c) => sum + c.rendered, 0);
      console.log(`Load ${load}: ${commits.length} commits, ${rendered} component renders in all`);
      for (const c of commits)
        console.log(
          `  ${c.at.toFixed(0).padStart(6)} ms  ${String(c.rendered).padStart(5)} rendered`,
        );
    }
  } finally {
    await browser.close();
    child.kill();
  }
}

await main();

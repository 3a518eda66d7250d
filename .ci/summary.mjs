// Prints one closing line for the whole run: 'N passed, N failed' (vitest suites + Playwright).
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of ['.ci/out/vitest-pglite.json', '.ci/out/vitest-pg.json']) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
const e2e = existsSync('.ci/out/e2e.log') ? readFileSync('.ci/out/e2e.log', 'utf8') : '';
passed += Number(e2e.match(/(\d+) passed/)?.[1] ?? 0);
failed += Number(e2e.match(/(\d+) failed/)?.[1] ?? 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

/**
 * Where each requirement of the spec stands: `npm run spec:coverage`. Requirements are the rows of
 * docs/spec/checklist.md (P… platform, T… trading tools). A requirement is tested when a test's
 * title carries its id in brackets (`it('[T22] loads the bot …')`), and a deliberate deviation
 * when a heading of docs/spec-deviations.md names it. `--strict` fails while any is neither.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const TEST_ROOTS = ['apps', 'packages', 'e2e/specs'];
const TEST_FILE = /\.(test|spec)\.tsx?$/;
const TAG = /\[((?:P|T)\d+)\]/g;

export type Requirement = { id: string; section: string; audit: string; text: string };
export type Coverage = {
  requirement: Requirement;
  /** Test files whose titles carry the id. */
  tests: string[];
  /** Deviation headings that name the id. */
  deviations: string[];
};

export function requirements(): Requirement[] {
  const rows = readFileSync(path.join(root, 'docs/spec/checklist.md'), 'utf8').split('\n');
  return rows.flatMap((row) => {
    const cells = row.split('|').map((cell) => cell.trim());
    const [, id, section, audit, text] = cells;
    return id && /^(P|T)\d+$/.test(id) ? [{ id, section: section!, audit: audit!, text: text! }] : [];
  });
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** Every `[ID]` tag of every test file, with the files that carry it. */
export function testTags(): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const file of TEST_ROOTS.flatMap((dir) => testFiles(path.join(root, dir)))) {
    const relative = path.relative(root, file);
    for (const [, id] of readFileSync(file, 'utf8').matchAll(TAG)) {
      const files = tags.get(id!) ?? [];
      if (!files.includes(relative)) files.push(relative);
      tags.set(id!, files);
    }
  }
  return tags;
}

/** The ids each deviation heading names, e.g. "## Platform §2: the sidebar adds Reports (P15)". */
export function deviationIds(): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  for (const line of readFileSync(path.join(root, 'docs/spec-deviations.md'), 'utf8').split('\n')) {
    if (!line.startsWith('## ')) continue;
    for (const [id] of line.matchAll(/\b(?:P|T)\d+\b/g)) ids.set(id, [...(ids.get(id) ?? []), line.slice(3)]);
  }
  return ids;
}

export function coverage(): Coverage[] {
  const tags = testTags();
  const deviations = deviationIds();
  return requirements().map((requirement) => ({
    requirement,
    tests: tags.get(requirement.id) ?? [],
    deviations: deviations.get(requirement.id) ?? [],
  }));
}

function main() {
  const all = coverage();
  const tested = all.filter((c) => c.tests.length > 0);
  const deviating = all.filter((c) => c.tests.length === 0 && c.deviations.length > 0);
  const open = all.filter((c) => c.tests.length === 0 && c.deviations.length === 0);
  for (const c of all) {
    const where = c.tests.length ? `tested: ${c.tests.join(', ')}` : c.deviations.length ? `deviation: ${c.deviations[0]}` : 'NOT MAPPED';
    console.log(`${c.requirement.id.padEnd(5)} ${where}`);
  }
  console.log(
    `\n${all.length} requirements: ${tested.length} tested by a tagged test, ${deviating.length} documented deviations, ${open.length} not mapped yet` +
      ` (${open.filter((c) => c.requirement.audit === 'T').length} of them found tested by the 2026-11-23 audit, untagged).`,
  );
  if (process.argv.includes('--strict') && open.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();

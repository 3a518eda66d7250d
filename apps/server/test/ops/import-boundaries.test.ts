/**
 * A server module reaches another module only through its public file, modules/<module>/index.ts.
 * The lint rule that says so passes silently whenever import-x cannot resolve an import, so
 * probes importing real files prove it fires, and that legal imports stay quiet.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });
const boundaryErrors = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src/modules', file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
};

describe("the server modules' import boundaries", () => {
  it.each([
    ["another module's internals", 'reports/probe.ts', "export * from '../trades/write.ts';"],
    ['an internal file without its extension', 'reports/probe.ts', "export * from '../trades/write';"],
    ["another module's routes", 'staff-content/probe.ts', "export * from '../courses/routes.ts';"],
    ["a sub-folder's own index behind the public file", 'alphaorb/probe.ts', "export * from '../broker/tradelocker/index.ts';"],
  ])('refuses %s', async (_what, file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([expect.stringMatching(/public file/)]);
  });

  it('lets a module import its own files, other public files and shared code', async () => {
    const code = [
      "export * from './scope.ts';",
      "export * from '../trades/index.ts';",
      "export * from '../broker/index.ts';",
      "export * from '../../db/rows.ts';",
      "export * from '../../lib/html.ts';",
    ].join('\n');
    expect(await boundaryErrors('reports/probe.ts', code)).toEqual([]);
  });
});

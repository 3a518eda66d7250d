// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The SPA's import direction (shared → features → app, no feature importing another) holds only
 * if import-x resolves `@/…` and extensionless paths to files; unresolved imports pass the rule
 * silently. Probes importing real files through each way in prove the rule fires.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const boundaryErrors = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
};

describe("the SPA's import boundaries", () => {
  it.each([
    ['another feature through @/', 'features/reports/probe.ts', "export * from '@/features/journal/api/get-journal-day';", /another feature/],
    ['another feature by a relative path', 'features/reports/components/probe.ts', "export * from '../../journal/api/get-journal-day';", /another feature/],
    ['the app shell from a feature', 'features/reports/components/probe.ts', "export * from '../../../app/router';", /app shell/],
    ['a route module from a feature', 'features/courses/probe.test.tsx', "export * from '@/app/routes/courses';", /app shell/],
    ['a feature from lib', 'lib/probe.ts', "export * from '@/features/journal/api/get-journal-day';", /Shared code/],
    ['the app shell from components', 'components/probe.ts', "export * from '@/app/router';", /Shared code/],
  ])('refuses %s', async (_what, file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it('lets a feature import itself, shared code and packages, and route modules import features', async () => {
    const inFeature =
      "export * from '@/features/reports/api/get-performance-report';\nexport * from '../../lib/trade-data';\nexport * from '@/components/button';\nexport * from '@th/domain';";
    expect(await boundaryErrors('features/reports/components/probe.ts', inFeature)).toEqual([]);
    expect(await boundaryErrors('app/routes/probe.tsx', "export * from '@/features/journal/api/get-journal-day';")).toEqual([]);
  });
});

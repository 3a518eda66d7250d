// @vitest-environment node
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * TradeDesk's first paint evaluates no zod schema (issue #27): its calls are declared without zod
 * (`@th/contracts/client`) and the build keeps what needs zod in chunks of its own
 * (build/route-chunks.ts), so a page whose import tree never reaches zod loads none of them.
 * One value import of a contracts module with schemas would bring them all back, silently.
 */
const web = path.resolve(import.meta.dirname, '..');
const config = ts.getParsedCommandLineOfConfigFile(path.join(web, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
const host = ts.createCompilerHost(config.options);

/** Modules a file imports for their values: `import type` is erased, `import { type A }` is kept (verbatimModuleSyntax). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, ts.sys.readFile(file)!, ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier)
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return specifiers.map((specifier) => {
    const resolved = ts.resolveModuleName(specifier, file, config.options, host).resolvedModule;
    return resolved?.resolvedFileName ?? specifier;
  });
}

/** The static import tree of the given modules, as the bundle evaluates it. */
function importTree(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (/\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts') && !file.includes('/node_modules/')) stack.push(...valueImports(file));
  }
  return seen;
}

/** What a walk may reach of the contracts: the zod-free declarations only. */
const SCHEMAS = /\/node_modules\/zod\/|\/contracts\/src\/(?!client|client-endpoints|endpoint|limits|risk-rule-names)[\w-]+\.ts$/;

describe("TradeDesk's first paint", () => {
  it('reaches no zod from its route module, its loader or the platform layout', () => {
    const tree = importTree(
      ['src/app/routes/tradedesk.tsx', 'src/app/routes/tradedesk-loader.ts', 'src/app/layouts/platform-layout.tsx'].map((file) => path.join(web, file)),
    );
    // The walk does reach the contracts package, so an empty answer is not a walk that stopped short.
    expect([...tree].some((file) => file.includes('packages/contracts/src/client-endpoints.ts'))).toBe(true);
    expect([...tree].filter((file) => SCHEMAS.test(file))).toEqual([]);
  });
});

describe("the daily log's loader", () => {
  it("starts a named trade's chart (issue #24) and reaches no zod", () => {
    // Its chunk, `route-loaders`, must not need the schemas' chunks (build/route-chunks.ts).
    const tree = importTree([path.join(web, 'src/app/routes/tradedesk-day-loader.ts')]);
    expect([...tree].some((file) => file.endsWith('features/journal/api/get-trade-chart.ts'))).toBe(true);
    expect([...tree].filter((file) => SCHEMAS.test(file))).toEqual([]);
  });
});

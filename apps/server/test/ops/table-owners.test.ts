/**
 * Only a module writes its own tables: another module calls the owner's exported write
 * functions. Lint cannot see which table a query writes, so this reads the modules' source with
 * the TypeScript parser and finds each write: drizzle's insert/update/delete of a table imported
 * from db/schema (aliases and `import * as schema` included) and SQL written in sql`…`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');
const schemaDir = path.join(src, 'db/schema');
const modulesDir = path.join(src, 'modules');
const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/** A table belongs to the module its schema file is named after, except where named here. */
const SCHEMA_FILE_OWNER: Record<string, string | null> = {
  'broker-sync': 'trading-accounts',
  // The Risk Manager's enforcement tables (locks, review log, planned actions).
  'risk-enforcement': 'risk',
  // Written by src/lib/rate-limits.ts, shared by every module's routes; no module writes it.
  'rate-limits': null,
};

type Table = { name: string; sqlName: string; owner: string | null };

const parse = (file: string, text = readFileSync(file, 'utf8')) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

function schemaTables(): Table[] {
  const tables: Table[] = [];
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    const stem = file.replace(/\.ts$/, '');
    const owner = stem in SCHEMA_FILE_OWNER ? SCHEMA_FILE_OWNER[stem]! : stem;
    parse(path.join(schemaDir, file)).forEachChild((node) => {
      if (!ts.isVariableStatement(node)) return;
      for (const decl of node.declarationList.declarations) {
        const init = decl.initializer;
        if (!ts.isIdentifier(decl.name) || !init || !ts.isCallExpression(init)) continue;
        const [first] = init.arguments;
        if (init.expression.getText() === 'pgTable' && first && ts.isStringLiteral(first)) {
          tables.push({ name: decl.name.text, sqlName: first.text, owner });
        }
      }
    });
  }
  return tables;
}

const tables = schemaTables();
const byName = new Map(tables.map((t) => [t.name, t]));
const bySqlName = new Map(tables.map((t) => [t.sqlName, t]));
const SQL_WRITE = /\b(?:insert\s+into|delete\s+from|update)\s+([a-z_]+)/gi;

/** The tables a source file writes, each with its line. */
function tablesWritten(file: string, text?: string): { table: Table; line: number }[] {
  const source = parse(file, text);
  const named = new Map<string, string>(); // local name → schema export
  const namespaces = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/\/db\/schema\/[a-z-]+\.ts$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const e of bindings.elements) named.set(e.name.text, (e.propertyName ?? e.name).text);
    }
  }
  const found: { table: Table; line: number }[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1
    ) {
      const arg = node.arguments[0]!;
      const exported = ts.isIdentifier(arg)
        ? named.get(arg.text)
        : ts.isPropertyAccessExpression(arg) && ts.isIdentifier(arg.expression) && namespaces.has(arg.expression.text)
          ? arg.name.text
          : undefined;
      const table = exported === undefined ? undefined : byName.get(exported);
      if (table) found.push({ table, line: at(node) });
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
      const parts = ts.isNoSubstitutionTemplateLiteral(node.template)
        ? [node.template.text]
        : [node.template.head.text, ...node.template.templateSpans.map((s) => s.literal.text)];
      for (const match of parts.join(' ').matchAll(SQL_WRITE)) {
        const table = bySqlName.get(match[1]!.toLowerCase());
        if (table) found.push({ table, line: at(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

function writesByModule(): Map<string, Set<string>> {
  const writes = new Map<string, Set<string>>();
  for (const module of modules) {
    for (const file of sourceFiles(path.join(modulesDir, module))) {
      for (const { table } of tablesWritten(file)) writes.set(module, (writes.get(module) ?? new Set()).add(table.name));
    }
  }
  return writes;
}

describe('table ownership', () => {
  it("finds a module's writes through every way the code writes", () => {
    const probe = [
      "import { sql } from 'drizzle-orm';",
      "import { courses as c, liveSessions } from '../../db/schema/index.ts';",
      "import * as schema from '../../db/schema/index.ts';",
      'await tx.update(c).set({ slug });',
      'await db.delete(schema.replays).where(x);',
      'await db.execute(sql`insert into course_modules (slug) values (${slug})`);',
      'await db.select().from(liveSessions);',
      'await cache.delete(key);',
    ].join('\n');
    const found = tablesWritten(path.join(modulesDir, 'staff-content/probe.ts'), probe);
    expect(found.map((f) => `${f.table.name}@${f.line}`)).toEqual(['courses@4', 'replays@5', 'courseModules@6']);
  });

  it('sees the writes the owners make, so a blind scan cannot pass', () => {
    const writes = writesByModule();
    expect([...(writes.get('trades') ?? [])]).toEqual(expect.arrayContaining(['trades']));
    expect([...(writes.get('courses') ?? [])]).toEqual(expect.arrayContaining(['courses', 'courseModules', 'moduleSections']));
    expect([...(writes.get('live-sessions') ?? [])]).toEqual(expect.arrayContaining(['liveSessions', 'replays']));
    expect([...(writes.get('members') ?? [])]).toEqual(
      expect.arrayContaining(['users', 'userRoles', 'apiTokens', 'passwordTokens']),
    );
  });

  it('lets only the owning module write a table', () => {
    const foreign = [...writesByModule()].flatMap(([module, written]) =>
      [...written].filter((name) => byName.get(name)!.owner !== module).map((name) => `${module} writes ${name}`),
    );
    expect(foreign.sort()).toEqual([]);
  });
});

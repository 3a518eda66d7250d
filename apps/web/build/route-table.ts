/**
 * The SPA's route table, read from apps/web/src/app/router.tsx with the TypeScript parser, for
 * the e2e route walks and the build's list of each page's files (route-files.ts). The
 * module itself cannot be imported there (it pulls the browser app, `import.meta.env` and all),
 * and a regular expression over its text misses entries written over several lines, so the
 * syntax tree is walked from `routes` down: nested children, spread arrays and guards included.
 * Anything this reader does not understand throws rather than being skipped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One page of the table: a route without children. */
export type RoutePage = {
  /** The full pattern, e.g. `/admin/members/:id` or `/password/reset/:token?`. */
  path: string;
  name: string;
  title: string | undefined;
  /** Loaders on the way to the page, outermost first: guard names, or `inline` for a function. */
  loaders: string[];
  /** Modules the router imports lazily for the page (its layouts', its own), as router.tsx writes them. */
  modules: string[];
};

const ROUTER = path.resolve(import.meta.dirname, '../src/app/router.tsx');
const PATHS = path.resolve(import.meta.dirname, '../src/config/paths.ts');

/** `routePatterns` of config/paths.ts, where the router's named patterns are written. */
function readRoutePatterns(file = PATHS): Map<string, string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const patterns = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'routePatterns') {
      let init = node.initializer;
      while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) throw new Error(`${path.basename(file)}: routePatterns is not an object literal`);
      for (const prop of init.properties) {
        if (ts.isPropertyAssignment(prop) && ts.isIdentifier(prop.name) && ts.isStringLiteralLike(prop.initializer)) {
          patterns.set(prop.name.text, prop.initializer.text);
        } else throw new Error(`${path.basename(file)}: routePatterns holds something other than a string: ${prop.getText()}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (patterns.size === 0) throw new Error(`${path.basename(file)}: no routePatterns`);
  return patterns;
}

export function readRouteTable(file = ROUTER): RoutePage[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const fail = (node: ts.Node, why: string): never => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    throw new Error(`${path.basename(file)}:${line + 1}: ${why}: ${node.getText().slice(0, 80)}`);
  };

  // Where each imported name comes from: a loader imported from the guards is a guard the walks
  // must know; one imported from a page's own module only starts its calls (TradeDesk's, in the
  // entry) and gates nothing, like a loader written inline.
  const importedFrom = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) importedFrom.set(element.name.text, statement.moduleSpecifier.text);
  }
  const loaderName = (loader: ts.Expression) =>
    ts.isIdentifier(loader) && (importedFrom.get(loader.text) ?? './guards') === './guards' ? loader.text : 'inline';

  const arrays = new Map<string, ts.ArrayLiteralExpression>();
  // Route objects the router names once to refer to them again (its layouts).
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      if (ts.isArrayLiteralExpression(declaration.initializer)) arrays.set(declaration.name.text, declaration.initializer);
      if (ts.isObjectLiteralExpression(declaration.initializer)) objects.set(declaration.name.text, declaration.initializer);
    }
  }
  const arrayOf = (node: ts.Expression) => {
    if (ts.isArrayLiteralExpression(node)) return node;
    const found = ts.isIdentifier(node) ? arrays.get(node.text) : undefined;
    return found ?? fail(node, 'not a route array');
  };
  const patterns = readRoutePatterns();
  const text = (node: ts.Expression): string => {
    if (ts.isStringLiteralLike(node)) return node.text;
    // `routePatterns.dashboard`: a pattern written once in config/paths.ts.
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'routePatterns') {
      return patterns.get(node.name.text) ?? fail(node, 'no such route pattern');
    }
    return fail(node, 'not a string literal or a route pattern');
  };

  /** The `import('…')` specifiers under a route's `lazy`, whichever form it takes. */
  const lazyImports = (lazy: ts.Expression | undefined) => {
    const found: string[] = [];
    const look = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (!specifier || !ts.isStringLiteralLike(specifier)) fail(node, 'a lazy import of something other than a string');
        else found.push(specifier.text);
      }
      ts.forEachChild(node, look);
    };
    if (lazy) look(lazy);
    return found;
  };

  const pages: RoutePage[] = [];
  let routeObjects = 0;
  const visit = (array: ts.ArrayLiteralExpression, parent: string, loaders: string[], modules: string[]) => {
    for (const written of array.elements) {
      if (ts.isSpreadElement(written)) {
        visit(arrayOf(written.expression), parent, loaders, modules);
        continue;
      }
      const element = (ts.isIdentifier(written) ? objects.get(written.text) : written) ?? written;
      if (!ts.isObjectLiteralExpression(element)) fail(element, 'not a route object');
      routeObjects += 1;
      const props = new Map<string, ts.Expression>();
      for (const prop of (element as ts.ObjectLiteralExpression).properties) {
        if (ts.isPropertyAssignment(prop) && ts.isIdentifier(prop.name)) props.set(prop.name.text, prop.initializer);
      }
      const own = props.get('path');
      const joined = own === undefined ? parent : text(own).startsWith('/') ? text(own) : `${parent.replace(/\/$/, '')}/${text(own)}`;
      const loader = props.get('loader');
      const chain = loader === undefined ? loaders : [...loaders, loaderName(loader)];
      const imports = [...modules, ...lazyImports(props.get('lazy'))];
      const children = props.get('children');
      if (children) {
        visit(arrayOf(children), joined, chain, imports);
        continue;
      }
      if (own === undefined && props.get('index')?.kind !== ts.SyntaxKind.TrueKeyword) fail(element, 'a page with neither path nor index');
      const handle = props.get('handle');
      const fields = handle && ts.isCallExpression(handle) ? handle.arguments[0] : handle;
      const field = (key: string) => {
        if (!fields || !ts.isObjectLiteralExpression(fields)) return undefined;
        const prop = fields.properties.find((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === key);
        return prop && ts.isPropertyAssignment(prop) ? text(prop.initializer) : undefined;
      };
      pages.push({ path: joined || '/', name: field('name') ?? fail(element, 'a page without a handle name'), title: field('title'), loaders: chain, modules: imports });
    }
  };
  const root = arrays.get('routes') ?? fail(source, 'no `routes` array');
  visit(root, '', [], []);

  // Self-check: every route object written anywhere in the file was reached from `routes`, so a
  // table declared beside it, or a shape this reader skips, cannot drop pages unseen.
  let written = 0;
  const count = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node) && node.properties.some((p) => p.name && ts.isIdentifier(p.name) && ['path', 'index', 'children'].includes(p.name.text))) {
      written += 1;
    }
    ts.forEachChild(node, count);
  };
  count(source);
  if (written !== routeObjects) throw new Error(`${path.basename(file)} writes ${written} route objects, ${routeObjects} are reachable from \`routes\``);
  return pages;
}

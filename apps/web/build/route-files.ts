import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { readRouteTable } from './route-table';

/** Written beside index.html; the server reads it to name a page's files in its document. */
export const ROUTE_FILES = 'route-files.json';

/** One page of the router and the built files its lazy modules need, beyond the document's own. */
export type RouteFiles = { path: string; files: string[] };

/**
 * Lists, for every page of the router, the scripts and style sheets its lazy modules (layouts,
 * page, lazy loader) load: each module's chunk, the chunks it imports, their CSS; not what the
 * entry already brings. The server puts them in the page's document as preloads, so a first
 * visit asks for them with the entry instead of after its evaluation (TradeDesk's 12 files
 * were asked at 255 ms on an empty cache and queued behind the month's calls, issue #27).
 * Taken from the router's source and this build's chunks, so it cannot drift from either; a
 * lazy module no chunk holds fails the build.
 */
export function routeFiles(): Plugin {
  let base = '/';
  let srcApp = '';
  return {
    name: 'th-route-files',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      srcApp = path.resolve(config.root, 'src/app');
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = new Map<string, Rollup.OutputChunk>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);

      const closure = (roots: Rollup.OutputChunk[]) => {
        const seen = new Set<Rollup.OutputChunk>();
        const stack = [...roots];
        while (stack.length) {
          const chunk = stack.pop()!;
          if (seen.has(chunk)) continue;
          seen.add(chunk);
          for (const file of chunk.imports) stack.push(byFile.get(file)!);
        }
        return [...seen];
      };
      const inDocument = new Set(closure(chunks.filter((chunk) => chunk.isEntry)));

      const moduleChunk = (specifier: string) => {
        const stem = path.resolve(srcApp, specifier);
        const chunk = ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => chunkOf.get(stem + ext)).find(Boolean);
        if (!chunk) throw new Error(`route-files: no chunk holds ${specifier}, imported lazily by router.tsx`);
        return chunk;
      };
      const pages: RouteFiles[] = readRouteTable().map((page) => {
        const needed = closure(page.modules.map(moduleChunk)).filter((chunk) => !inDocument.has(chunk));
        const styles = needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const files = [...new Set([...styles, ...needed.map((chunk) => chunk.fileName)])].sort();
        return { path: page.path, files: files.map((file) => base + file) };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_FILES, source: `${JSON.stringify({ pages }, null, 1)}\n` });
    },
  };
}

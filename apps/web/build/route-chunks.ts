import type { Rollup } from 'vite';

type ManualChunkMeta = Rollup.ManualChunkMeta;

/** Modules reached by at least this many pages go to a shared chunk. */
const SHARED_BY_PAGES = 3;
/**
 * Libraries allowed in the shared chunks: small and used by most pages. Anything else from
 * node_modules (charts, the editor, the Zoom SDK) stays in its own chunk, loaded by the pages
 * that use it.
 */
const SHARED_LIBRARIES = /\/node_modules\/(zod|luxon|@tanstack\/(query-core|react-query))\//;
/** zod itself: the modules that import it are the API contracts' schemas and the forms. */
const ZOD = /\/node_modules\/zod\//;
/** The route modules and layouts the router lazy-loads. */
const PAGE_MODULE = /\/src\/app\/(routes|layouts)\/[^/]+\.tsx?$/;
/** The routes' data loaders (`lazy.loader` in router.tsx), which start a page's calls early. */
const LOADER_MODULE = /\/src\/app\/routes\/[^/]+-loader\.ts$/;
/** The home page and its layout: their code stays as it is (budget in bench/landing-perf.ts). */
const HOME = /\/src\/app\/(routes\/home|layouts\/landing-layout)\.tsx$/;
/** Every public page imports one of these and no platform page does. */
const PUBLIC_FEATURES = /\/src\/features\/(marketing|join|auth\/components)\//;

/**
 * Rollup's default gives each set of pages sharing modules a chunk of its own; with some fifty
 * pages that made dozens of small chunks, and TradeDesk needed over thirty requests (waves on
 * HTTP/1.1's six connections), most of them named after other features. This names two shared
 * chunks instead: `shared`, what at least three pages load including a public one (the API
 * contracts and zod, used by the sign-in and join forms too), and `platform`, what at least
 * three platform pages load (the domain package, luxon, shared components and hooks). A
 * platform page then needs the entry, those two, its layout and its own code.
 *
 * A module is named only if its whole static import tree is too (else the chunk would import,
 * say, the chart library for every page) and the entry does not hold it. The entry's modules
 * are named `index`: Rollup moves the unnamed dependencies of a named chunk into it, which would
 * take React out of the entry.
 *
 * Each of the two has its schemas apart, `shared-schemas` and `platform-schemas`: the modules
 * whose import tree reaches zod (the contracts' schemas, zod, the forms). Evaluating the
 * contracts' ~1,500 schemas took a share of TradeDesk's first paint, which needs none of them:
 * its calls are declared without zod (`@th/contracts/client`), so it loads neither chunk
 * (issue #27).
 *
 * The route loaders and what they import beyond the entry are a third named chunk,
 * `route-loaders`, so that a loader's calls leave once the entry and the profile allow. Left
 * unnamed, a loader (under 2 KB) was folded by `experimentalMinChunkSize` into a chunk that
 * needs `shared` and `platform` (87 KB gzipped), and TradeDesk's calls waited for them. A
 * named chunk is never folded; the pages that use these modules import it.
 */
export function routeChunks() {
  let chunks: Map<string, string> | null = null;
  return (id: string, meta: ManualChunkMeta): string | undefined => {
    chunks ??= chunkNames(meta);
    return chunks.get(id);
  };
}

function chunkNames({ getModuleIds, getModuleInfo }: ManualChunkMeta): Map<string, string> {
  const ids = [...getModuleIds()];
  const staticClosure = (root: string) => {
    const seen = new Set<string>([root]);
    const stack = [root];
    while (stack.length) {
      for (const next of getModuleInfo(stack.pop()!)?.importedIds ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
    }
    return seen;
  };

  const names = new Map<string, string>();
  for (const id of ids)
    if (getModuleInfo(id)?.isEntry) for (const m of staticClosure(id)) names.set(m, 'index');

  const home = new Set<string>();
  const pages = new Map<string, number>();
  const publicReach = new Set<string>();
  for (const id of ids) {
    const info = getModuleInfo(id);
    if (!PAGE_MODULE.test(id) || !info?.dynamicImporters.length) continue;
    const closure = staticClosure(id);
    if (HOME.test(id)) for (const m of closure) home.add(m);
    const isPublic = info.importedIds.some((next) => PUBLIC_FEATURES.test(next));
    for (const m of closure) {
      pages.set(m, (pages.get(m) ?? 0) + 1);
      if (isPublic) publicReach.add(m);
    }
  }

  // What a public page reaches too (a limits constant) joins the entry, so that the sign-in page
  // does not load the loaders' chunk for it.
  for (const id of ids)
    if (LOADER_MODULE.test(id))
      for (const m of staticClosure(id))
        if (!names.has(m)) names.set(m, publicReach.has(m) ? 'index' : 'route-loaders');

  const candidates = new Set(
    [...pages]
      .filter(([id, count]) => count >= SHARED_BY_PAGES && !names.has(id) && !home.has(id) && !PAGE_MODULE.test(id))
      .filter(([id]) => !id.includes('/node_modules/') || SHARED_LIBRARIES.test(id))
      .map(([id]) => id),
  );
  // Drop any module importing something that stays elsewhere, until none does.
  for (let changed = true; changed; ) {
    changed = false;
    for (const id of candidates)
      if (getModuleInfo(id)!.importedIds.some((next) => !candidates.has(next) && !names.has(next))) {
        candidates.delete(id);
        changed = true;
      }
  }
  // A module a public page reaches only imports modules that page reaches too, so `shared`
  // never imports `platform`. What needs zod goes apart, so that a page free of schemas
  // (TradeDesk) evaluates none: a module free of zod never imports one that needs it.
  const zod = new Set(ids.filter((id) => ZOD.test(id)));
  const needsZod = (id: string) => [...staticClosure(id)].some((m) => zod.has(m));
  for (const id of candidates)
    names.set(id, `${publicReach.has(id) ? 'shared' : 'platform'}${needsZod(id) ? '-schemas' : ''}`);
  return names;
}

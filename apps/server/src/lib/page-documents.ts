import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the web build (apps/web/build/route-files.ts): each page's pattern and its files. */
const ROUTE_FILES = 'route-files.json';

type RouteFiles = { pages: { path: string; files: string[] }[] };
type PageDocument = { html: string; etag: string };
type Page = { matches: RegExp; score: number; document: PageDocument };

/** React Router's ranking (computeScore): static segments beat parameters, a splat comes last. */
function score(pattern: string) {
  const segments = pattern.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((segment) => segment !== '*')
    .reduce((sum, segment) => sum + (segment.startsWith(':') ? 3 : segment === '' ? 1 : 10), segments.length - (splat ? 2 : 0));
}

/** React Router's matching, case-insensitive, a trailing slash allowed; `:name?` may be left out. */
function matcher(pattern: string) {
  const body = pattern
    .replace(/\/$/, '')
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment === '*') return '(?:/.*)?';
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`, 'i');
}

function documentOf(html: string): PageDocument {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

/**
 * The SPA's document for each page: index.html with the page's own scripts and style sheets
 * named as preloads, so a first visit asks for them with the entry instead of once the entry has
 * been evaluated and the router has matched. On TradeDesk they were asked at 255 ms on an empty
 * cache and waited behind the month's calls on the same process (issue #27). Style sheets are
 * preloaded, not linked: a pending style sheet would hold the entry's evaluation. A build
 * without the list gets index.html as it is.
 */
export function loadPageDocuments(webRoot: string) {
  const index = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const listed = path.join(webRoot, ROUTE_FILES);
  const { pages } = existsSync(listed) ? (JSON.parse(readFileSync(listed, 'utf8')) as RouteFiles) : { pages: [] };
  const plain = documentOf(index);
  const ranked: Page[] = pages
    .map((page) => {
      const links = [
        ...page.files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="preload" as="style" crossorigin href="${file}">`),
        ...page.files.filter((file) => file.endsWith('.js')).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
      ];
      const html = links.length ? index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : index;
      return { matches: matcher(page.path), score: score(page.path), document: documentOf(html) };
    })
    // A stable sort: among equal scores the router's first declared page wins, as in React Router.
    .sort((a, b) => b.score - a.score);

  return {
    /** The document for a path (no query); a path no page matches gets index.html as it is. */
    documentFor(pathname: string): PageDocument {
      return ranked.find((page) => page.matches.test(pathname))?.document ?? plain;
    },
  };
}

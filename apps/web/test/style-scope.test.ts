// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Global (non-module) CSS files share one page: a class defined in two of them looks the way
 * the file loaded last says, so a screen's look depended on which features were visited
 * first. Components style themselves with `*.module.css`; this check keeps global class
 * definitions unique across files.
 *
 * A rule defines a class when its selector starts with it (`.plan-name`, `.chip.positive`,
 * `.field select`): it reaches that class everywhere on the page. A rule that starts with the
 * feature's own class (`.events-filters .field`) only refines global.css's shared utilities
 * (`.btn`, `.field`, `.chip`, `.table-wrap`…) inside that feature, so needs no exception here.
 */
const src = path.resolve(import.meta.dirname, '../src');

/**
 * Collisions that are still there, in features another change owns (the ratchet): this list may
 * only shrink, and is empty now. Class → the global files defining it.
 */
const KNOWN_COLLISIONS: Record<string, string[]> = {};

/** Classes a stylesheet defines for the whole page: the first class of each selector that starts with one. */
function definedClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const code = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, prelude] of code.matchAll(/([^{};]+)\{/g)) {
    if (prelude!.trim().startsWith('@')) continue; // @media, @keyframes: their rules come next
    for (const selector of prelude!.split(',')) {
      const name = /^\.(-?[_a-zA-Z][\w-]*)/.exec(selector.trim())?.[1];
      if (name) classes.add(name);
    }
  }
  return classes;
}

/** Class → the files defining it, for classes defined by more than one file. */
function collisions(files: Record<string, string>): Record<string, string[]> {
  const definers = new Map<string, string[]>();
  for (const [file, css] of Object.entries(files)) {
    for (const name of definedClasses(css)) definers.set(name, [...(definers.get(name) ?? []), file]);
  }
  return Object.fromEntries(
    [...definers].filter(([, files]) => files.length > 1).sort(([a], [b]) => a.localeCompare(b)),
  );
}

function globalStylesheets(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.css') && !entry.name.endsWith('.module.css')) {
        files[path.relative(src, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8');
      }
    }
  };
  walk(src);
  return files;
}

describe('global stylesheets', () => {
  it('define each class in one file only (known collisions may only shrink)', () => {
    for (const files of Object.values(KNOWN_COLLISIONS)) files.sort();
    expect(collisions(globalStylesheets())).toEqual(KNOWN_COLLISIONS);
  });

  it('a probe: a class defined at the top of two files is a collision, one refined under a feature class is not', () => {
    const found = collisions({
      'a.css': '.shared { color: red; }\n.a-panel .btn { width: 100%; }\n@media (max-width: 764px) { .chip.on, .x { gap: 0; } }',
      'b.css': '/* .shared */\n.b-list .shared { margin: 0; }\n.btn:disabled { opacity: 0.5; }\n.chip { padding: 0; }',
      'c.css': '.shared dd { margin: 0; }',
    });
    expect(found).toEqual({ chip: ['a.css', 'b.css'], shared: ['a.css', 'c.css'] });
  });
});

// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Global (non-module) CSS files share one page: a class defined in two of them looks the way
 * the file loaded last says, so a screen's look depended on which features were visited first
 * (`.chip`, `.detail-row`, `.field` did). Components style themselves with `*.module.css`; the
 * only global stylesheet is styles/global.css, holding the design tokens and the few shared
 * utilities (`.btn`, `.field`, `.card`, `.table-wrap`…), so no two files can define one class.
 */
const src = path.resolve(import.meta.dirname, '../src');

function stylesheets(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [path.relative(src, full).split(path.sep).join('/')] : [];
  });
}

describe('stylesheets', () => {
  it('are CSS Modules, but for the one global stylesheet of tokens and shared utilities', () => {
    const all = stylesheets(src);
    expect(all.filter((file) => !file.endsWith('.module.css'))).toEqual(['styles/global.css']);
    // The walk sees the components' own stylesheets too.
    expect(all.filter((file) => file.endsWith('.module.css')).length).toBeGreaterThan(20);
  });
});

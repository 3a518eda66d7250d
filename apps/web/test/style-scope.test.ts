// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files';

/**
 * Global (non-module) CSS files share one page: a class defined in two of them looks the way
 * the file loaded last says, so a screen's look depended on which features were visited first
 * (`.chip`, `.detail-row`, `.field` did). Components style themselves with `*.module.css`; the
 * only global stylesheet is styles/global.css, holding the design tokens and the few shared
 * utilities (`.btn`, `.field`, `.card`, `.table-wrap`…), so no two files can define one class.
 */
describe('stylesheets', () => {
  it('are CSS Modules, but for the one global stylesheet of tokens and shared utilities', () => {
    const all = sourceFiles((name) => name.endsWith('.css'));
    expect(all.filter((file) => !file.endsWith('.module.css'))).toEqual(['styles/global.css']);
    // The walk sees the components' own stylesheets too.
    expect(all.filter((file) => file.endsWith('.module.css')).length).toBeGreaterThan(20);
  });
});

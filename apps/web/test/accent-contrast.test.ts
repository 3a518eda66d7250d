// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Text on the accent fill must read at WCAG AA (4.5:1) in every state a member sees, hover
 * included: the axe route walker checks pages as loaded, never under the pointer.
 */
const css = fs.readFileSync(path.resolve(import.meta.dirname, '../src/styles/global.css'), 'utf8');

function token(name: string): string {
  const value = new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
  if (!value) throw new Error(`--${name} is not defined`);
  const reference = /^var\(--([\w-]+)\)$/.exec(value);
  return reference ? token(reference[1]!) : value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
}

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
};
const hex = (value: string) => (value === '#fff' ? '#ffffff' : value);

describe('text on the accent fill', () => {
  it('reads at 4.5:1 at rest and under the pointer', () => {
    const text = hex(token('on-accent'));
    expect(contrast(text, token('accent-fill'))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, token('accent-fill-hover'))).toBeGreaterThanOrEqual(4.5);
  });

  it('a probe: the plain accent, the old hover colour, does not', () => {
    expect(contrast('#ffffff', token('accent'))).toBeLessThan(4.5);
  });

  it('the filled button uses those tokens in both states', () => {
    expect(css).toMatch(/\.btn-primary \{[^}]*background: var\(--accent-fill\);[^}]*color: var\(--on-accent\);/);
    expect(css).toMatch(/\.btn-primary:hover:not\(:disabled\) \{\s*background: var\(--accent-fill-hover\);/);
  });
});

import { describe, it, expect } from 'vitest';
import { fromCents, parseAmount, roundToCents, sumAmounts, toCents } from '../src/money.ts';

describe('parseAmount', () => {
  it('reads numbers and numeric strings', () => {
    expect(parseAmount(12.5)).toBe(12.5);
    expect(parseAmount(' -1,234.50 ')).toBe(-1234.5);
  });
  it('gives null for missing or non-numeric values', () => {
    expect(parseAmount(null)).toBeNull();
    expect(parseAmount(undefined)).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount(Number.NaN)).toBeNull();
    expect(parseAmount(Infinity)).toBeNull();
  });
});

describe('toCents', () => {
  it('rounds half away from zero without float artefacts', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents('0.615')).toBe(62);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(-0.001)).toBe(0);
    expect(Object.is(toCents(-0.001), -0)).toBe(false);
  });
});

describe('sumAmounts', () => {
  it('sums exactly to the cent and skips missing values', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts(['10.10', null, 20.2, undefined, 'x'])).toBe(30.3);
    expect(sumAmounts([])).toBe(0);
  });
  it('rounds and converts', () => {
    expect(roundToCents(2.675)).toBe(2.68);
    expect(fromCents(12345)).toBe(123.45);
  });
});

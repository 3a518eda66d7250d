import fc from 'fast-check';
import { describe, it, expect } from 'vitest';
import {
  centsText,
  divideBrokerDecimals,
  formatBrokerDecimal,
  formatBrokerDecimalTrimmed,
  fromCents,
  LOT_DECIMALS,
  MONEY_DECIMALS,
  moneyText,
  multiplyBrokerDecimals,
  parseAmount,
  parseBrokerDecimal,
  PRICE_DECIMALS,
  roundHalfUp,
  roundToCents,
  sumAmounts,
  toCents,
} from '../src/money.ts';

// Integer cents within what an account can hold, and their text with extra digits appended.
const cents = fc.integer({ min: -1e11, max: 1e11 });
const digit = fc.integer({ min: 0, max: 9 });

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

  it('reads back the text it writes, as text and as a number', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(centsText(c))).toBe(c);
        expect(toCents(fromCents(c))).toBe(c);
      }),
    );
  });

  it('rounds a third decimal below 5 toward zero, 5 and above away from zero', () => {
    fc.assert(
      fc.property(cents, digit, (c, third) => {
        const text = `${centsText(c)}${third}`;
        const away = third >= 5 ? 1 : 0;
        expect(toCents(text)).toBe(c < 0 ? c - away : c + away);
        expect(toCents(Number(text))).toBe(toCents(text));
      }),
    );
  });

  it('is symmetric: a loss rounds to the same digits as the same gain', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        expect(toCents(-x)).toBe(-(toCents(x) ?? 0) || 0);
      }),
    );
  });
});

describe('roundToCents', () => {
  it('rounds and converts', () => {
    expect(roundToCents(2.675)).toBe(2.68);
    expect(roundToCents(-2.675)).toBe(-2.68);
    expect(fromCents(12345)).toBe(123.45);
    expect(Object.is(roundToCents(-0.004), 0)).toBe(true);
  });

  it('is idempotent and agrees with toCents', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const rounded = roundToCents(x);
        expect(roundToCents(rounded)).toBe(rounded);
        expect(rounded).toBe(fromCents(toCents(x) ?? 0));
      }),
    );
  });
});

describe('roundHalfUp (the AlphaORB engine)', () => {
  it('keeps the engine’s figures: halves go toward +∞ on the float', () => {
    expect(roundHalfUp(8.125, MONEY_DECIMALS)).toBe(8.13);
    expect(roundHalfUp(-8.125, MONEY_DECIMALS)).toBe(-8.12);
    expect(roundHalfUp(1.005, MONEY_DECIMALS)).toBe(1);
    expect(roundHalfUp(18234.250000000004, PRICE_DECIMALS)).toBe(18234.25);
    expect(roundHalfUp(0.30000000000000004, LOT_DECIMALS)).toBe(0.3);
    expect(Object.is(roundHalfUp(-0.001, MONEY_DECIMALS), 0)).toBe(true);
    expect(roundHalfUp(-2.5, 0)).toBe(-2);
  });

  // Where the two rules part: a negative half, and a float a hair's width from a half.
  it('agrees with account money’s rounding of non-negative values away from float halves', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (x) => {
        fc.pre(Math.abs(((x * 100) % 1) - 0.5) > 1e-6);
        expect(roundHalfUp(x, MONEY_DECIMALS)).toBe(roundToCents(x));
      }),
    );
  });
});

describe('sumAmounts', () => {
  it('sums exactly to the cent and skips missing values', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts(['10.10', null, 20.2, undefined, 'x'])).toBe(30.3);
    expect(sumAmounts([])).toBe(0);
  });

  it('equals the sum of the cents, in any order', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 50 }), (list) => {
        const texts = list.map(centsText);
        const total = list.reduce((a, b) => a + b, 0);
        expect(sumAmounts(texts)).toBe(fromCents(total));
        expect(sumAmounts([...texts].reverse())).toBe(fromCents(total));
      }),
    );
  });
});

describe('centsText and moneyText', () => {
  it('writes numeric text with two decimals', () => {
    expect(centsText(123456)).toBe('1234.56');
    expect(centsText(-5)).toBe('-0.05');
    expect(centsText(0)).toBe('0.00');
    expect(centsText(-0)).toBe('0.00');
    expect(moneyText(1.005)).toBe('1.01');
    expect(moneyText('-12.5')).toBe('-12.50');
    expect(moneyText(null)).toBeNull();
  });

  it('writes what toFixed(2) writes for amounts already in cents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(moneyText(fromCents(c))).toBe(fromCents(c).toFixed(2));
      }),
    );
  });
});

describe('broker decimals', () => {
  const decimal = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n });

  it('parses plain decimals exactly and rejects anything else', () => {
    expect(parseBrokerDecimal('90415.16')).toBe(9_041_516_000_000n);
    expect(parseBrokerDecimal('-0.00000001')).toBe(-1n);
    expect(parseBrokerDecimal('.5')).toBe(50_000_000n);
    expect(parseBrokerDecimal('1e-7')).toBe(10n);
    expect(parseBrokerDecimal('abc')).toBeNull();
    expect(parseBrokerDecimal('')).toBeNull();
    expect(parseBrokerDecimal(null)).toBeNull();
  });

  it('formats half away from zero', () => {
    expect(formatBrokerDecimal(parseBrokerDecimal('1.005')!)).toBe('1.01');
    expect(formatBrokerDecimal(parseBrokerDecimal('-1.005')!)).toBe('-1.01');
    expect(formatBrokerDecimal(parseBrokerDecimal('-0.004')!)).toBe('0.00');
    expect(formatBrokerDecimal(parseBrokerDecimal('12.5')!, 0)).toBe('13');
    expect(formatBrokerDecimalTrimmed(parseBrokerDecimal('90415.1600')!)).toBe('90415.16');
    expect(formatBrokerDecimalTrimmed(parseBrokerDecimal('2.000')!)).toBe('2');
  });

  it('reads back its trimmed text', () => {
    fc.assert(
      fc.property(decimal, (d) => {
        expect(parseBrokerDecimal(formatBrokerDecimalTrimmed(d))).toBe(d);
      }),
    );
  });

  it('rounds to cents exactly as account money does', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (d) => {
        const text = formatBrokerDecimalTrimmed(d);
        expect(formatBrokerDecimal(d)).toBe(moneyText(text));
      }),
    );
  });

  it('multiplies and divides at 10^-8, truncating', () => {
    const price = parseBrokerDecimal('18234.25')!;
    const lots = parseBrokerDecimal('0.3')!;
    expect(formatBrokerDecimalTrimmed(multiplyBrokerDecimals(price, lots))).toBe('5470.275');
    expect(formatBrokerDecimalTrimmed(divideBrokerDecimals(parseBrokerDecimal('1')!, parseBrokerDecimal('3')!))).toBe(
      '0.33333333',
    );
    expect(divideBrokerDecimals(price, 0n)).toBe(0n);
  });
});

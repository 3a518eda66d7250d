import { DateTime } from 'luxon';
import { describe, it, expect } from 'vitest';
import {
  countOf,
  MISSING_VALUE,
  displayValue,
  formatDuration,
  formatDurationMs,
  formatMoney,
  formatMoneyCompact,
  formatPercent,
  formatPnl,
  formatPrice,
  formatSide,
  formatSize,
  formatTradeTime,
} from '../src/trade-format.ts';

describe('formatMoney', () => {
  it('shows two decimals with grouping', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('-12')).toBe('-$12.00');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1.005)).toBe('$1.01');
  });
  it('supports other currencies and dropping the symbol', () => {
    expect(formatMoney(10, { currency: 'eur' })).toBe('€10.00');
    expect(formatMoney(-1234.5, { showSymbol: false })).toBe('-1,234.50');
    expect(formatMoney(5, { currency: 'not a code' })).toBe('$5.00');
  });
  it('shows a dash when missing', () => {
    expect(formatMoney(null)).toBe(MISSING_VALUE);
    expect(formatMoney('abc')).toBe(MISSING_VALUE);
  });
});

describe('formatPnl', () => {
  it('signs gains and losses', () => {
    expect(formatPnl(1234.5)).toBe('+$1,234.50');
    expect(formatPnl(-12)).toBe('-$12.00');
    expect(formatPnl(0)).toBe('$0.00');
    expect(formatPnl(-0.001)).toBe('$0.00');
    expect(formatPnl(99.5, { showSymbol: false })).toBe('+99.50');
    expect(formatPnl(undefined)).toBe(MISSING_VALUE);
  });
});

describe('formatMoneyCompact', () => {
  it('[T79] abbreviates thousands as K', () => {
    expect(formatMoneyCompact(1234.5)).toBe('$1.23K');
    expect(formatMoneyCompact(12000)).toBe('$12K');
    expect(formatMoneyCompact(-1500)).toBe('-$1.5K');
    expect(formatMoneyCompact(1000)).toBe('$1K');
    expect(formatMoneyCompact(1234567)).toBe('$1,234.57K');
  });
  it('keeps small amounts at two decimals', () => {
    expect(formatMoneyCompact(999.99)).toBe('$999.99');
    expect(formatMoneyCompact(-5)).toBe('-$5.00');
  });
  it('drops the symbol and signs on request', () => {
    expect(formatMoneyCompact(2500, { showSymbol: false })).toBe('2.5K');
    expect(formatMoneyCompact(2500, { signed: true })).toBe('+$2.5K');
    expect(formatMoneyCompact(-2500, { signed: true, showSymbol: false })).toBe('-2.5K');
    expect(formatMoneyCompact(2500, { currency: 'GBP' })).toBe('£2.5K');
    expect(formatMoneyCompact(null)).toBe(MISSING_VALUE);
  });
});

describe('formatSize and formatPrice', () => {
  it('[T110] uses two decimals from 1 up and three below', () => {
    expect(formatSize(1)).toBe('1.00');
    expect(formatSize('2.5')).toBe('2.50');
    expect(formatSize(0.125)).toBe('0.125');
    expect(formatSize(0.5)).toBe('0.500');
    expect(formatSize(null)).toBe(MISSING_VALUE);
  });
  it('shows prices with two to five decimals', () => {
    expect(formatPrice(18234.25)).toBe('18,234.25');
    expect(formatPrice(2000)).toBe('2,000.00');
    expect(formatPrice(1.084567)).toBe('1.08457');
    expect(formatPrice('1.0845')).toBe('1.0845');
    expect(formatPrice('')).toBe(MISSING_VALUE);
  });
});

describe('durations', () => {
  it('formats milliseconds', () => {
    expect(formatDurationMs(0)).toBe('<1 min');
    expect(formatDurationMs(59_999)).toBe('<1 min');
    expect(formatDurationMs(60_000)).toBe('1 min');
    expect(formatDurationMs(59 * 60_000)).toBe('59 min');
    expect(formatDurationMs(60 * 60_000)).toBe('1h');
    expect(formatDurationMs(125 * 60_000)).toBe('2h 5m');
    expect(formatDurationMs(-1)).toBe(MISSING_VALUE);
    expect(formatDurationMs(null)).toBe(MISSING_VALUE);
  });
  it('measures real elapsed time across a DST change', () => {
    // 01:30 EDT to 01:30 EST on 2025-11-02: same wall time, one real hour.
    expect(formatDuration('2025-11-02T05:30:00Z', '2025-11-02T06:30:00Z')).toBe('1h');
    expect(formatDuration('2025-11-02T01:30:00-04:00', '2025-11-02T01:30:00-05:00')).toBe('1h');
    expect(formatDuration('2025-01-01T10:00:00Z', null)).toBe(MISSING_VALUE);
    expect(formatDuration('2025-01-01T10:00:00Z', '2025-01-01T09:00:00Z')).toBe(MISSING_VALUE);
  });
});

describe('other values', () => {
  it('[T110] upper-cases the side', () => {
    expect(formatSide('buy')).toBe('BUY');
    expect(formatSide(' sell ')).toBe('SELL');
    expect(formatSide('')).toBe(MISSING_VALUE);
    expect(formatSide(null)).toBe(MISSING_VALUE);
  });
  it('shows a dash for missing values', () => {
    expect(displayValue(null)).toBe(MISSING_VALUE);
    expect(displayValue('  ')).toBe(MISSING_VALUE);
    expect(displayValue(Number.NaN)).toBe(MISSING_VALUE);
    expect(displayValue(0)).toBe('0');
    expect(displayValue('Market')).toBe('Market');
  });
  it('formats percentages and trade times', () => {
    expect(formatPercent(66.666)).toBe('66.7%');
    expect(formatPercent(null)).toBe(MISSING_VALUE);
    expect(formatTradeTime('2025-01-05T14:31:00Z')).toBe('Jan 5, 09:31');
    expect(formatTradeTime('2025-01-05T14:31:00Z', 'Europe/London')).toBe('Jan 5, 14:31');
    expect(formatTradeTime(undefined)).toBe(MISSING_VALUE);
    expect(formatTradeTime('not a time')).toBe(MISSING_VALUE);
  });
  it('reads as luxon\'s "LLL d, HH:mm" would, midnight and DST changes included, every 7 h 13 min of 2024-2026', () => {
    const step = (7 * 60 + 13) * 60_000;
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2027, 0, 1); ms += step) {
      const iso = new Date(ms).toISOString();
      for (const zone of ['America/Toronto', 'Europe/London', 'Asia/Kolkata']) {
        expect(formatTradeTime(iso, zone)).toBe(DateTime.fromMillis(ms, { zone }).setLocale('en-US').toFormat('LLL d, HH:mm'));
      }
    }
    // Text without an offset is UTC, as everywhere in the domain.
    expect(formatTradeTime('2025-01-05 14:31:00')).toBe('Jan 5, 09:31');
  });
});

describe('countOf', () => {
  it('puts the noun in the number the count needs', () => {
    expect(countOf(1, 'trade')).toBe('1 trade');
    expect(countOf(0, 'trade')).toBe('0 trades');
    expect(countOf(1250, 'trade')).toBe('1,250 trades');
    expect(countOf(1, 'loss', 'losses')).toBe('1 loss');
    expect(countOf(2, 'loss', 'losses')).toBe('2 losses');
  });
});

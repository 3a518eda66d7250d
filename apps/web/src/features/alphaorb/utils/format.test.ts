import { describe, expect, it } from 'vitest';
import { formatSummaryMoney, formatWinRate } from './format';

describe('AlphaORB dashboard figures (tools §9)', () => {
  it('[T10] shows whole amounts without decimals and others with two', () => {
    expect(formatSummaryMoney(1250)).toBe('$1,250');
    expect(formatSummaryMoney(-24.1)).toBe('-$24.10');
    expect(formatSummaryMoney(0)).toBe('$0');
    expect(formatSummaryMoney(3.456, 'EUR')).toBe('€3.46');
  });

  it('[T10] shows the win rate as a percent with one decimal', () => {
    expect(formatWinRate(0.5)).toBe('50.0%');
    expect(formatWinRate(2 / 3)).toBe('66.7%');
    expect(formatWinRate(0)).toBe('0.0%');
  });
});

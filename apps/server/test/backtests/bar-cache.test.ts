import { describe, expect, it } from 'vitest';
import { mergeSpans, missingSpans, type Span } from '../../src/modules/backtests/bar-cache.ts';
import { historyWindows } from '../../src/modules/backtests/bar-source.ts';

const M = 60_000;
const span = (from: number, to: number): Span => [from * M, to * M];

describe('the bar cache ranges', () => {
  it('merges overlapping and touching spans, and keeps apart the ones with a gap', () => {
    expect(mergeSpans([span(10, 20), span(0, 5), span(21, 30), span(6, 8), span(40, 50)])).toEqual([
      span(0, 8),
      span(10, 30),
      span(40, 50),
    ]);
  });

  it('asks only for the minutes no fetched span covers', () => {
    const covered = [span(10, 20), span(30, 40)];
    expect(missingSpans(covered, 0, 50 * M)).toEqual([span(0, 9), span(21, 29), span(41, 50)]);
    expect(missingSpans(covered, 12 * M, 38 * M)).toEqual([span(21, 29)]);
    expect(missingSpans(covered, 10 * M, 20 * M)).toEqual([]);
    expect(missingSpans([], 5 * M, 6 * M)).toEqual([span(5, 6)]);
  });

  it('splits a long gap into history calls of at most 20,000 one-minute bars', () => {
    const windows = historyWindows(0, 45_000 * M);
    expect(windows).toEqual([span(0, 19_999), span(20_000, 39_999), span(40_000, 45_000)]);
  });
});

import { describe, expect, it } from 'vitest';
import { chartPoints } from './chart-points';

describe('chartPoints', () => {
  it('gives seconds, strictly increasing, keeping the equity after legs closed in the same second', () => {
    expect(
      chartPoints([
        { at: '2025-02-03T05:00:00Z', equity: 0 },
        { at: '2025-02-03T15:20:00Z', equity: 40 },
        { at: '2025-02-03T15:20:00.500Z', equity: 95 },
        { at: '2025-02-04T15:01:00Z', equity: 60 },
      ]),
    ).toEqual([
      { time: 1738558800, value: 0 },
      { time: 1738596000, value: 95 },
      { time: 1738681260, value: 60 },
    ]);
  });
});

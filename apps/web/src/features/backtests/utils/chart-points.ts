import type { BacktestEquityPoint } from '@th/contracts';

export type ChartPoint = { time: number; value: number };

/**
 * Chart points in seconds, strictly increasing as the chart requires: legs closed in the same
 * second (one stop exits every leg) keep the equity after the last of them.
 */
export function chartPoints(points: readonly BacktestEquityPoint[]): ChartPoint[] {
  const out: ChartPoint[] = [];
  for (const point of points) {
    const time = Math.floor(Date.parse(point.at) / 1000);
    const last = out.at(-1);
    if (last && time <= last.time) last.value = point.equity;
    else out.push({ time, value: point.equity });
  }
  return out;
}

import type { SessionLabel, SessionWindow } from '@th/domain';

/** What the computation needs of a one-minute bar: its open time (ms) and extremes. */
export type MinuteBar = { t: number; h: number; l: number };

export type SessionLevel = {
  session: SessionLabel;
  high: number;
  low: number;
  /** Open time (ms) of the first minute that printed the high / the low. */
  highAt: number;
  lowAt: number;
};

/**
 * Each session's high and low from one-minute bars. A bar belongs to the window its open time
 * falls in ([from, to)), so the Asian Range collects the previous evening's bars and the
 * minutes after midnight. Only sessions that have ended by `until` count: a session still
 * trading has no level yet. Sessions without bars (market closed) give no row. Ties keep the
 * earliest minute, where the level was first made.
 */
export function computeSessionLevels(
  bars: readonly MinuteBar[],
  windows: readonly SessionWindow[],
  until: number = Number.POSITIVE_INFINITY,
): SessionLevel[] {
  const levels: SessionLevel[] = [];
  for (const window of windows) {
    const from = Date.parse(window.fromUtc);
    const to = Date.parse(window.toUtc);
    if (to > until) continue;
    let level: SessionLevel | null = null;
    for (const bar of bars) {
      if (bar.t < from || bar.t >= to) continue;
      if (!level) {
        level = { session: window.label, high: bar.h, low: bar.l, highAt: bar.t, lowAt: bar.t };
        continue;
      }
      if (bar.h > level.high || (bar.h === level.high && bar.t < level.highAt)) {
        level.high = bar.h;
        level.highAt = bar.t;
      }
      if (bar.l < level.low || (bar.l === level.low && bar.t < level.lowAt)) {
        level.low = bar.l;
        level.lowAt = bar.t;
      }
    }
    if (level) levels.push(level);
  }
  return levels;
}

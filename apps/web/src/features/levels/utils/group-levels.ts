import type { InstrumentLevel } from '@th/contracts';
import { INSTRUMENT_SYMBOLS, instrumentEmoji, instrumentSpec, longDateLabel, SESSION_LABELS } from '@th/domain';

export type LevelsDate = { tradeDate: string; label: string; rows: InstrumentLevel[] };
export type InstrumentLevels = { instrument: string; emoji: string; name: string | null; dates: LevelsDate[] };

const rank = <T extends string>(list: readonly T[], value: string) => {
  const index = list.indexOf(value as T);
  return index === -1 ? list.length : index;
};

/**
 * Rows → one card per instrument (in the community's instrument order), each with its
 * trading dates newest first and the sessions in trading-day order.
 */
export function groupLevels(rows: readonly InstrumentLevel[]): InstrumentLevels[] {
  const byInstrument = new Map<string, Map<string, InstrumentLevel[]>>();
  for (const row of rows) {
    const dates = byInstrument.get(row.instrument) ?? new Map<string, InstrumentLevel[]>();
    dates.set(row.trade_date, [...(dates.get(row.trade_date) ?? []), row]);
    byInstrument.set(row.instrument, dates);
  }
  return [...byInstrument]
    .sort(([a], [b]) => rank(INSTRUMENT_SYMBOLS, a) - rank(INSTRUMENT_SYMBOLS, b) || a.localeCompare(b))
    .map(([instrument, dates]) => ({
      instrument,
      emoji: instrumentEmoji(instrument),
      name: instrumentSpec(instrument)?.name ?? null,
      dates: [...dates]
        .sort(([a], [b]) => b.localeCompare(a))
        .map(([tradeDate, list]) => ({
          tradeDate,
          label: longDateLabel(tradeDate) ?? tradeDate,
          rows: [...list].sort((a, b) => rank(SESSION_LABELS, a.session) - rank(SESSION_LABELS, b.session)),
        })),
    }));
}

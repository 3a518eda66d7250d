/**
 * The benches' one heavy member's trades, the same for a given seed on every run: about forty
 * trades a trading day over ten years from 2016-01-04, five instruments, a net P&L around zero,
 * a stop on half of them, four in five synced from a linked account. Columns (arrays of one
 * value per trade) so a loader can bulk-insert them with unnest.
 */
import { seededRandom } from '../../packages/domain/src/random.ts';

export const DATASET_INSTRUMENTS = ['NAS100', 'US30', 'XAUUSD', 'GER40', 'SPX'] as const;
/** Every trade pays the same commission, so its gross P&L is its net plus this. */
export const DATASET_FEE = 1.5;

export interface TradeDataset {
  /** ISO instants. */
  entry: string[];
  exit: string[];
  instrument: string[];
  side: ('buy' | 'sell')[];
  net: string[];
  gross: string[];
  stop: (string | null)[];
  linked: boolean[];
}

export function tradeDataset(count: number, seed: number): TradeDataset {
  const random = seededRandom(seed);
  const data: TradeDataset = { entry: [], exit: [], instrument: [], side: [], net: [], gross: [], stop: [], linked: [] };
  const start = Date.UTC(2016, 0, 4, 14, 30);
  for (let i = 0; i < count; i += 1) {
    // Spread evenly over ten years, entries within six hours of the open.
    const entry = start + Math.floor((i / count) * 3650 * 86_400_000) + Math.floor(random() * 6 * 3_600_000);
    data.entry.push(new Date(entry).toISOString());
    data.exit.push(new Date(entry + Math.floor(random() * 90 * 60_000)).toISOString());
    data.instrument.push(DATASET_INSTRUMENTS[Math.floor(random() * DATASET_INSTRUMENTS.length)]!);
    data.side.push(random() < 0.55 ? 'buy' : 'sell');
    const net = (random() - 0.45) * 400;
    data.net.push(net.toFixed(2));
    // The fee is derived, not drawn, so the draws (and every earlier run's trades) stay the same.
    data.gross.push((Number(net.toFixed(2)) + DATASET_FEE).toFixed(2));
    data.stop.push(random() < 0.5 ? '99' : null);
    data.linked.push(random() < 0.8);
  }
  return data;
}

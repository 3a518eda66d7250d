import { isDailyLogWin, MISSING_VALUE, tradeNet } from '@th/domain';
import type { JournalTradeEntry } from '@th/contracts/journals';
import type { Trade } from '@th/contracts/trades';

/** The member's own outcome text, else Win or Loss by the daily-log rule (≥ 0 wins, §4.3). */
export function tradeOutcomeLabel(trade: Trade, entry: JournalTradeEntry | undefined): string {
  if (entry?.outcome) return entry.outcome;
  const net = tradeNet(trade);
  if (net === null) return MISSING_VALUE;
  return isDailyLogWin(net) ? 'Win' : 'Loss';
}

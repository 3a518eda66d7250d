import { useState } from 'react';
import type { BacktestExitReason, BacktestTrade } from '@th/contracts';
import { formatPnl, formatPrice, formatSide, formatSize, formatTradeTime } from '@th/domain';
import { Button } from '@/components/button';
import styles from './backtests.module.css';
import { TimesNote } from '@/components/times-note';
import { TableWrap } from '@/components/table-wrap';
import { TableHead } from '@/components/table-head';

const EXIT_LABELS: Record<BacktestExitReason, string> = {
  stop: 'Stop',
  target: 'Target',
  session_close: 'Session close',
  manual: 'Manual',
};
/** Rows shown before "Show all": a two-year run can hold a thousand trades. */
const FIRST_ROWS = 50;

/** Every simulated trade, times in the bot's time zone. */
export function BacktestTrades({ trades, timezone }: { trades: BacktestTrade[]; timezone: string }) {
  const [all, setAll] = useState(false);
  if (trades.length === 0) return <p className="muted">No trades: the breakout rules never triggered in this range.</p>;
  const rows = all ? trades : trades.slice(0, FIRST_ROWS);
  return (
    <div className={styles.trades}>
      <h4>Trades</h4>
      <TableWrap label="Backtest trades">
        <table className="data">
          <caption className="visually-hidden">Simulated trades, oldest first</caption>
          <TableHead columns={['Day', 'Side', 'Lots', 'Entry', 'Exit', 'Exit reason', 'P&L', 'R']} />
          <tbody>
            {rows.map((trade, index) => (
              <tr key={`${trade.entry_at}-${index}`}>
                <td>{trade.trading_day}</td>
                <td>{formatSide(trade.side)}</td>
                <td>{formatSize(trade.qty)}</td>
                <td>
                  {formatPrice(trade.entry_price)} <span className="muted">{formatTradeTime(trade.entry_at, timezone)}</span>
                </td>
                <td>
                  {formatPrice(trade.exit_price)} <span className="muted">{formatTradeTime(trade.exit_at, timezone)}</span>
                </td>
                <td>{EXIT_LABELS[trade.exit_reason]}</td>
                <td className={trade.pnl > 0 ? styles.pnlPositive : trade.pnl < 0 ? styles.pnlNegative : undefined}>{formatPnl(trade.pnl)}</td>
                <td>{trade.r_multiple === null ? '—' : `${trade.r_multiple.toFixed(2)}R`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <TimesNote zone={timezone} />
      {trades.length > FIRST_ROWS && (
        <Button variant="ghost" onClick={() => setAll((v) => !v)}>
          {all ? `Show the first ${FIRST_ROWS} trades` : `Show all ${trades.length.toLocaleString('en-US')} trades`}
        </Button>
      )}
    </div>
  );
}

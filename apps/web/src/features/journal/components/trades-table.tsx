import { Fragment, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { formatDuration, formatPnl, formatSide, formatSize, formatTradeTime, displayValue, parseAmount } from '@th/domain';
import type { JournalTradeEntry } from '@th/contracts/journals';
import type { Trade } from '@th/contracts/trades';
import { tradeOutcomeLabel } from '../utils/trade-outcome';
import { TableWrap } from '@/components/table-wrap';
import { TimesNote } from '@/components/times-note';
import styles from './journal.module.css';

type Props = {
  trades: readonly Trade[];
  caption: string;
  openId: string | null;
  onToggle: (trade: Trade) => void;
  /** `close` shuts the panel and puts focus back on its row (the panel's Close button). */
  renderPanel: (trade: Trade, close: () => void) => ReactNode;
  entries?: Record<string, JournalTradeEntry>;
};

const COLUMNS = ['Instrument', 'Entry time', 'Exit time', 'Side', 'Type', 'Size', 'Duration', 'Net P&L', 'Outcome'];

/**
 * Trades of TradeDesk's latest list and of a daily log. A row opens its detail panel below it
 * on click, Enter or Space; opening another row closes the first; clicking an open row closes it.
 */
export function TradesTable({ trades, caption, openId, onToggle, renderPanel, entries }: Props) {
  const rows = useRef(new Map<string, HTMLTableRowElement>());
  const close = (trade: Trade) => {
    onToggle(trade);
    rows.current.get(trade.id)?.focus();
  };
  const onKey = (event: KeyboardEvent, trade: Trade) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggle(trade);
    }
  };
  return (
    <>
      <TableWrap label={caption} className={styles.tradesWrap}>
        {/* A treegrid: ARIA allows `aria-expanded` on a row only there (axe `aria-conditional-attr`). */}
        <table className={styles.tradesTable} role="treegrid">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={column === 'Size' || column === 'Net P&L' ? 'num' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {trades.map((trade) => {
              const open = trade.id === openId;
              const net = parseAmount(trade.net_pnl);
              return (
                <Fragment key={trade.id}>
                  <tr
                    ref={(row) => {
                      if (row) rows.current.set(trade.id, row);
                      else rows.current.delete(trade.id);
                    }}
                    className={open ? `${styles.tradeRow} ${styles.isOpen}` : styles.tradeRow}
                    tabIndex={0}
                    aria-expanded={open}
                    aria-controls={open ? `trade-detail-${trade.id}` : undefined}
                    onClick={() => onToggle(trade)}
                    onKeyDown={(event) => onKey(event, trade)}
                    data-trade-id={trade.id}
                  >
                    <td>{trade.instrument}</td>
                    <td>{formatTradeTime(trade.entry_time)}</td>
                    <td>{formatTradeTime(trade.exit_time)}</td>
                    <td>{formatSide(trade.side)}</td>
                    <td>{displayValue(trade.type)}</td>
                    <td className="num">{formatSize(trade.quantity)}</td>
                    <td>{formatDuration(trade.entry_time, trade.exit_time)}</td>
                    <td className={`num ${net === null ? '' : net < 0 ? 'negative' : 'positive'}`}>{formatPnl(trade.net_pnl)}</td>
                    <td>{tradeOutcomeLabel(trade, entries?.[trade.id])}</td>
                  </tr>
                  {open && (
                    <tr className={styles.detailRowOf}>
                      <td colSpan={COLUMNS.length}>
                        <div className={styles.detailInView}>{renderPanel(trade, () => close(trade))}</div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </TableWrap>
      <TimesNote />
    </>
  );
}

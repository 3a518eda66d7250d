import { useId } from 'react';
import type { BreakdownRow } from '@th/contracts';
import { formatPercent, formatPnl, formatProfitFactor } from '@th/domain';
import { TableWrap } from '@/components/table-wrap';
import styles from './reports.module.css';

type Props = { title: string; caption?: string; rows: BreakdownRow[]; empty: string };

/** One breakdown: trades, win rate, net, profit factor and expectancy per group. */
export function BreakdownTable({ title, caption, rows, empty }: Props) {
  const headingId = useId();
  // The card is named by its heading; the scrolling box inside says it is that card's table, so
  // a screen reader's list of regions never reads the same name twice.
  return (
    <section className={styles.breakdown} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      {caption && <p className={`${styles.breakdownCaption} muted`}>{caption}</p>}
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <TableWrap label={`${title}, table`}>
          <table>
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col" className="num">Trades</th>
                <th scope="col" className="num">Win rate</th>
                <th scope="col" className="num">Net P&amp;L</th>
                <th scope="col" className="num">Profit factor</th>
                <th scope="col" className="num">Expectancy</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td className="num">{row.trades}</td>
                  <td className="num">{formatPercent(row.win_rate)}</td>
                  <td className={`num ${row.net > 0 ? 'positive' : row.net < 0 ? 'negative' : ''}`}>{formatPnl(row.net)}</td>
                  <td className="num">{formatProfitFactor(row.profit_factor)}</td>
                  <td className="num">{row.expectancy === null ? '—' : formatPnl(row.expectancy)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

import { useId } from 'react';
import type { BreakdownRow, PlaybookReportRow } from '@th/contracts';
import { formatPercent, formatPnl, formatProfitFactor, formatRMultiple } from '@th/domain';
import { TableWrap } from '@/components/table-wrap';
import styles from './reports.module.css';

/** Rows with an average R (the playbook breakdowns) add that column. */
type Props = { title: string; caption?: string; empty: string } & (
  | { rows: BreakdownRow[]; averageR?: false }
  | { rows: PlaybookReportRow[]; averageR: true }
);

const tone = (value: number | null) => (value === null || value === 0 ? '' : value > 0 ? 'positive' : 'negative');

/** One breakdown: trades, win rate, net, profit factor and expectancy (and average R) per group. */
export function BreakdownTable({ title, caption, rows, empty, averageR }: Props) {
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
                {averageR && (
                  <th scope="col" className="num">
                    Average R
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td className="num">{row.trades}</td>
                  <td className="num">{formatPercent(row.win_rate)}</td>
                  <td className={`num ${tone(row.net)}`}>{formatPnl(row.net)}</td>
                  <td className="num">{formatProfitFactor(row.profit_factor)}</td>
                  <td className={`num ${tone(row.expectancy)}`}>{row.expectancy === null ? '—' : formatPnl(row.expectancy)}</td>
                  {averageR && 'average_r' in row && <td className="num">{formatRMultiple(row.average_r)}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

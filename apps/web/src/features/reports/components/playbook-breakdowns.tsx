import { useId } from 'react';
import type { PlaybookReport, PlaybookReportRow } from '@th/contracts';
import { formatPercent, formatPnl, formatProfitFactor, formatRMultiple } from '@th/domain';
import { TableWrap } from '@/components/table-wrap';
import styles from './reports.module.css';

const tone = (value: number | null) => (value === null || value === 0 ? '' : value > 0 ? 'positive' : 'negative');

function PlaybookTable({ title, caption, rows, empty }: { title: string; caption: string; rows: PlaybookReportRow[]; empty: string }) {
  const headingId = useId();
  return (
    <section className={styles.breakdown} aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <p className={`${styles.breakdownCaption} muted`}>{caption}</p>
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
                <th scope="col" className="num">Average R</th>
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
                  <td className="num">{formatRMultiple(row.average_r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

/**
 * Playbooks and tags (issue #24): the period's journaled trades by playbook, by whether every
 * rule of their playbook was followed, and by the trade's own tags, with the report's figures.
 */
export function PlaybookBreakdowns({ report }: { report: PlaybookReport }) {
  return (
    <div className={styles.breakdowns}>
      <PlaybookTable title="By playbook" caption="Trades assigned a playbook in the daily log" rows={report.playbooks} empty="No trades assigned a playbook." />
      <PlaybookTable title="Rules followed" caption="Every rule of the trade’s playbook ticked, or not" rows={report.rules} empty="No trades assigned a playbook." />
      <PlaybookTable title="By trade tag" caption="Tags on the trade itself (mistakes, emotions, your own)" rows={report.tags} empty="No tagged trades." />
    </div>
  );
}

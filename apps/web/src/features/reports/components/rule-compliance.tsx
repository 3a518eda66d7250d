import { useId } from 'react';
import type { ComplianceDays, RuleComplianceReport } from '@th/contracts';
import { formatPercent, formatPnl } from '@th/domain';
import { TableWrap } from '@/components/table-wrap';
import styles from './reports.module.css';

const tone = (value: number | null) => (value === null || value === 0 ? '' : value > 0 ? 'positive' : 'negative');

function Row({ label, days }: { label: string; days: ComplianceDays }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="num">{days.days}</td>
      <td className={`num ${tone(days.net)}`}>{formatPnl(days.net)}</td>
      <td className={`num ${tone(days.average_net)}`}>{days.average_net === null ? '—' : formatPnl(days.average_net)}</td>
      <td className="num">{formatPercent(days.win_rate)}</td>
    </tr>
  );
}

/**
 * Rules compliance (issue #22): the report's trading days that kept the Risk Manager's rules
 * against those that broke one, so a member sees what breaking them costs.
 */
export function RuleCompliance({ report }: { report: RuleComplianceReport }) {
  const headingId = useId();
  const judged = report.kept.days + report.broken.days;
  return (
    <section className={styles.breakdown} aria-labelledby={headingId}>
      <h3 id={headingId}>Rules kept vs broken</h3>
      <p className={`${styles.breakdownCaption} muted`}>Trading days under your Risk Manager rules, Toronto dates</p>
      {judged === 0 ? (
        <p className="muted">No trading days under Risk Manager rules in this period.</p>
      ) : (
        <TableWrap label="Rules kept vs broken, table">
          <table>
            <thead>
              <tr>
                <th scope="col">Days</th>
                <th scope="col" className="num">Trading days</th>
                <th scope="col" className="num">Net P&amp;L</th>
                <th scope="col" className="num">Average per day</th>
                <th scope="col" className="num">Winning days</th>
              </tr>
            </thead>
            <tbody>
              <Row label="Rules kept" days={report.kept} />
              <Row label="Rules broken" days={report.broken} />
            </tbody>
          </table>
        </TableWrap>
      )}
    </section>
  );
}

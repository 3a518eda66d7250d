import type { PlaybookReport } from '@th/contracts';
import { BreakdownTable } from './breakdown-table';
import styles from './reports.module.css';

/**
 * Playbooks and tags (issue #24): the period's journaled trades by playbook, by whether every
 * rule of their playbook was followed, and by the trade's own tags, with the report's figures.
 */
export function PlaybookBreakdowns({ report }: { report: PlaybookReport }) {
  return (
    <div className={styles.breakdowns}>
      <BreakdownTable averageR title="By playbook" caption="Trades assigned a playbook in the daily log" rows={report.playbooks} empty="No trades assigned a playbook." />
      <BreakdownTable averageR title="Rules followed" caption="Every rule of the trade’s playbook ticked, or not" rows={report.rules} empty="No trades assigned a playbook." />
      <BreakdownTable averageR title="By trade tag" caption="Tags on the trade itself (mistakes, emotions, your own)" rows={report.tags} empty="No tagged trades." />
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { TableHead, type Column } from './table-head';
import { TableWrap } from './table-wrap';
import styles from './chart-data-table.module.css';

export type ChartDataRow = {
  key: string;
  /** The row's heading (its day, month or minute) and then its figures, in column order. */
  cells: readonly [ReactNode, ...ReactNode[]];
};

type Props = {
  /** What the chart shows, completing "Show … as a table" ("the equity and drawdown"). */
  subject: string;
  /** The table's caption and its scrolling box's name: what a row is and what its figures mean. */
  caption: string;
  columns: readonly Column[];
  rows: readonly ChartDataRow[];
};

/**
 * A chart's data for those who cannot see the canvas (WCAG 1.1.1): a button that shows and
 * hides a real table beside it. Closed by default, since sighted members have the chart and a
 * long table would push the rest of the page down; its rows are put on the page only when
 * opened. The first cell of each row is its header, so a screen reader names the day or month
 * with every figure it reads.
 */
export function ChartDataTable({ subject, caption, columns, rows }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.chartData}>
      <button
        type="button"
        className={`btn btn-ghost ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? `Hide the table of ${subject}` : `Show ${subject} as a table`}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <TableWrap label={caption}>
            <table className="data">
              <caption className={styles.caption}>{caption}</caption>
              <TableHead columns={columns} />
              <tbody>
                {rows.map(({ key, cells: [heading, ...figures] }) => (
                  <tr key={key}>
                    <th scope="row">{heading}</th>
                    {figures.map((figure, index) => (
                      <td key={index}>{figure}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './pager.module.css';

type Props = {
  /** The navigation landmark's name, e.g. "Members pages". */
  label: string;
  page: number;
  onPage: (page: number) => void;
  /** Known page count: says "Page x of y" and ends Next there. */
  totalPages?: number;
  /** Without a page count (a feed), whether an older page exists. */
  hasNext?: boolean;
  /** After "Page x of y", e.g. "· 4 members". */
  summary?: ReactNode;
  /** While a page loads both buttons wait. */
  busy?: boolean;
  previousLabel?: string;
  nextLabel?: string;
  /** Where the buttons sit in the row: a table's foot puts them at the end. */
  align?: 'start' | 'end';
};

/**
 * Previous / next through a paged list: one look and one spacing for every list, so a pager
 * never sits against the block under it (the members page's did).
 */
export function Pager({ label, page, onPage, totalPages, hasNext, summary, busy, previousLabel = 'Previous', nextLabel = 'Next', align = 'start' }: Props) {
  const last = totalPages !== undefined ? page >= totalPages : !hasNext;
  return (
    <nav className={align === 'end' ? `${styles.pager} ${styles.end}` : styles.pager} aria-label={label}>
      <Button variant="secondary" disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      {totalPages !== undefined && (
        <span>
          Page {page} of {totalPages}
          {summary}
        </span>
      )}
      <Button variant="secondary" disabled={busy || last} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </nav>
  );
}

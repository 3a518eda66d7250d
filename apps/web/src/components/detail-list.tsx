import type { ReactNode } from 'react';
import styles from './detail-list.module.css';

/** A card's label/value rows as a description list; `compact` for tiles. */
export function DetailList({ compact = false, children }: { compact?: boolean; children: ReactNode }) {
  return <dl className={compact ? `${styles.list} ${styles.compact}` : styles.list}>{children}</dl>;
}

/** One row: the label as the term, the value (text, a badge, stacked lines) as its description. */
export function DetailRow({ label, valueClassName, children }: { label: ReactNode; valueClassName?: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd className={valueClassName}>{children}</dd>
    </div>
  );
}

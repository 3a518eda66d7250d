import type { ReactNode } from 'react';

type Props = {
  children: ReactNode;
  className?: string;
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never });

/**
 * The box a wide table scrolls sideways in (`.table-wrap`, see contributing: every route fits a
 * 390 px phone). A keyboard must reach what scrolls, and a screen reader must say what it is:
 * the box is a named region in the tab order (WCAG 2.1.1, axe `scrollable-region-focusable`).
 * Name it after its table, or point `labelledBy` at the heading above it.
 */
export function TableWrap({ children, className, label, labelledBy }: Props) {
  return (
    <div
      className={['table-wrap', className].filter(Boolean).join(' ')}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      {children}
    </div>
  );
}

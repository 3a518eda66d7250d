import type { HTMLAttributes, ReactNode } from 'react';
import { useRevealed } from '../hooks/use-reveal';
import styles from './marketing.module.css';

type Props = HTMLAttributes<HTMLElement> & { children: ReactNode };

/**
 * A page section that fades in once 15 % of it is visible. Only opacity and the children move,
 * never the section box itself, so in-page anchors land at the right offset mid-animation.
 */
export function RevealSection({ className, children, ...rest }: Props) {
  const { ref, revealed } = useRevealed<HTMLElement>();
  return (
    <section ref={ref} className={[styles.reveal, revealed && styles.revealed, className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </section>
  );
}

import type { HTMLAttributes, ReactNode } from 'react';
import { useRevealed } from '../hooks/use-reveal';

type Props = HTMLAttributes<HTMLElement> & { children: ReactNode };

/**
 * A page section that fades in once 15 % of it is visible. Only opacity and the children move,
 * never the section box itself, so in-page anchors land at the right offset mid-animation.
 */
export function RevealSection({ className, children, ...rest }: Props) {
  const { ref, revealed } = useRevealed<HTMLElement>();
  return (
    <section ref={ref} className={['reveal', revealed && 'is-revealed', className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </section>
  );
}

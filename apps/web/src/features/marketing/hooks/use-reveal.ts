import { useEffect, useRef, useState } from 'react';

/** Share of a section that must be on screen before it fades in (platform §2). */
export const REVEAL_THRESHOLD = 0.15;

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

const canObserve = () => typeof IntersectionObserver !== 'undefined' && !prefersReducedMotion();

/**
 * True once the element has been at least 15 % visible. Without IntersectionObserver, or when
 * the visitor asked for reduced motion, content is shown at once: nothing stays hidden.
 */
export function useRevealed<T extends Element>(threshold = REVEAL_THRESHOLD) {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(() => !canObserve());
  useEffect(() => {
    const element = ref.current;
    if (!element || revealed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [revealed, threshold]);
  return { ref, revealed };
}

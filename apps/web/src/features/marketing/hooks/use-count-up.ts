import { useEffect, useState } from 'react';
import { prefersReducedMotion } from './use-reveal';

/** How long the preview's stats take to count up (platform §1). */
export const COUNT_UP_MS = 1600;

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * Counts from 0 to `target` over 1600 ms once `running` turns true, easing out so the last
 * digits settle gently. With reduced motion the final number shows straight away.
 */
export function useCountUp(target: number, running: boolean, duration = COUNT_UP_MS) {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? target : 0));
  useEffect(() => {
    if (!running || prefersReducedMotion()) return;
    let frame = 0;
    const started = performance.now();
    const tick = (now: number) => {
      const progress = Math.min(1, (now - started) / duration);
      setValue(Math.round(target * easeOutCubic(progress)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, target, duration]);
  return value;
}

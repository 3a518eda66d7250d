import { useEffect, useState } from 'react';

/** A busy page still starts its secondary calls within this long after the frame. */
const IDLE_WAIT_MS = 500;

/**
 * False until `ready` has held through a painted frame, then true for as long as the component
 * stays mounted. A page's secondary calls (side panels, filters' choices, the bell) wait for
 * it: started in the commit that shows the page, their requests and re-renders ran before the
 * frame that paints it, and on the server beside the page's own calls (issue #27, TradeDesk).
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let cancelled = false;
    const flip = () => !cancelled && setPainted(true);
    // Called back from an animation frame, an idle callback runs once that frame is painted and
    // the tasks already queued (input, the page's own answers) have run. Safari has none: there,
    // a task queued from the frame, which also runs after its paint.
    requestAnimationFrame(() =>
      'requestIdleCallback' in window ? requestIdleCallback(flip, { timeout: IDLE_WAIT_MS }) : setTimeout(flip),
    );
    return () => {
      cancelled = true;
    };
  }, [ready, painted]);
  return painted;
}

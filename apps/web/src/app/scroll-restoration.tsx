import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, type Location } from 'react-router';

/** The tab's saved positions, kept across reloads (sessionStorage lives as long as the tab). */
const STORAGE_KEY = 'scroll-positions';

type Positions = Record<string, number>;

/**
 * Where each page's scroll is kept. The router names the first page of every document "default",
 * so keyed by that, a page opened by its address in a tab opened at the scroll of the page the
 * tab showed before. That first page is keyed by its address instead: a reload still returns to
 * where the member was; every page reached inside the app keeps its own entry's key.
 */
const scrollKey = (location: Location) =>
  location.key === 'default'
    ? `${location.pathname}${location.search}${location.hash}`
    : location.key;

function savedPositions(): Positions {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Positions) : {};
  } catch {
    return {};
  }
}

/** The element a hash names, if the hash decodes and the page has it. */
function hashTarget(hash: string) {
  try {
    return hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  } catch {
    return null;
  }
}

/**
 * Scroll restoration, as React Router's `ScrollRestoration` does it (a page returned to by back,
 * forward or a reload opens where it was left; a new page at its hash or its top), without the
 * router's state: that one finds the saved position of a reloaded page in the first commit and
 * hands it over through the router's state, which renders every route a second time after the
 * paint (on TradeDesk the calendar and the latest trades, 20–45 ms; issue #27). Here the position
 * is applied in the same commit that shows the page, before it is painted.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const [positions] = useState(savedPositions);
  const shownKey = useRef(scrollKey(location));

  // Every scroll is noted for the page shown, so the position is there when it is left.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const note = () => {
      positions[shownKey.current] = window.scrollY;
    };
    const keep = () => {
      note();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage refused (full, or disabled): the positions last as long as this document.
      }
      // Leaving the document: the browser keeps this entry's place, as for any site.
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    shownKey.current = scrollKey(location);
    const saved = positions[shownKey.current];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    const target = hashTarget(location.hash);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, positions]);

  return null;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { clearScrollLock } from '../app-shell';

const NARROW = '(max-width: 764px)';

/**
 * The sidebar of small screens (spec: under 764 px a hamburger opens it with a backdrop). Opening
 * moves focus to its first link; Escape or the backdrop closes it and gives focus back to the
 * hamburger. It closes, and any scroll lock is released, on every route change, and when the
 * window grows past the breakpoint.
 */
export function useMobileSidebar() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setOpen(false);
    clearScrollLock();
  }, [location.pathname, location.search]);

  const close = useCallback(() => {
    setOpen(false);
    toggleRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    sidebarRef.current?.querySelector<HTMLElement>('a[href], button:not(:disabled)')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    const narrow = window.matchMedia(NARROW);
    const onResize = () => !narrow.matches && setOpen(false);
    window.addEventListener('keydown', onKey);
    narrow.addEventListener('change', onResize);
    return () => {
      window.removeEventListener('keydown', onKey);
      narrow.removeEventListener('change', onResize);
    };
  }, [open, close]);

  return { open, toggle: () => setOpen((value) => !value), close, sidebarRef, toggleRef };
}

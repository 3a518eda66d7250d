import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While a form holds changes not saved yet, leaving it asks first: a link or Back inside the app
 * (the router's blocker, with the browser's own confirm) and closing or reloading the tab (the
 * browser's beforeunload prompt).
 */
export function useUnsavedChanges(dirty: boolean) {
  // A replace is the form's own move after saving (to the saved record's page): never asked.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty && historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

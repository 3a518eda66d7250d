import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 764px)';

/** True under the mobile breakpoint (§9), where amounts drop the currency symbol. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia?.(QUERY);
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    () => window.matchMedia?.(QUERY).matches ?? false,
    () => false,
  );
}

import { useEffect, useState } from 'react';

const loadedModules = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * Starts `load` ahead of need (a member's intent: a pointer over, focus in); a component then
 * mounted with useLoaded has the code from its first render.
 */
export function preload<T>(load: () => Promise<T>): Promise<T> {
  return load().then((module) => {
    loadedModules.set(load, module);
    return module;
  });
}

/**
 * What `load` (a dynamic import of code fetched on demand) resolves to, or null until it has;
 * the caller shows its own loading state meanwhile. Used instead of React's `lazy` and
 * `Suspense`: React holds back content that replaces a Suspense fallback until 300 ms after the
 * fallback showed (its fallback throttle), so a lazy component appeared at least 300 ms after it
 * was asked for, even when its code was already loaded. Once loaded, later mounts have it at
 * once. A failed load is thrown from the render, to the route's error boundary, as Suspense did.
 * `load` must be a stable function (module level): it keys the loaded modules.
 */
export function useLoaded<T>(load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<T | null>(() => (loadedModules.get(load) as T | undefined) ?? null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (loaded !== null) return;
    let mounted = true;
    preload(load).then(
      (module) => mounted && setLoaded(module),
      (error: unknown) => mounted && setFailure(error ?? new Error('Failed to load the page code.')),
    );
    return () => {
      mounted = false;
    };
  }, [load, loaded]);
  if (failure) throw failure;
  return loaded;
}

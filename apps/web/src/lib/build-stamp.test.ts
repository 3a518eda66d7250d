import { afterEach, expect, it, vi } from 'vitest';
import { applyBuildStamp } from './build-stamp';

afterEach(() => vi.unstubAllGlobals());

it('[P127] clears caches and service workers only when the stamp changes', async () => {
  const deleted: string[] = [];
  vi.stubGlobal('caches', { keys: async () => ['a', 'b'], delete: async (key: string) => deleted.push(key) });
  await applyBuildStamp('build-1');
  expect(localStorage.getItem('th_app_version')).toBe('build-1');
  expect(deleted).toEqual([]);
  await applyBuildStamp('build-1');
  expect(deleted).toEqual([]);
  await applyBuildStamp('build-2');
  expect(deleted).toEqual(['a', 'b']);
  expect(localStorage.getItem('th_app_version')).toBe('build-2');
});

it('keeps the push service worker across builds (unregistering it would end push on the device)', async () => {
  const unregistered: string[] = [];
  const registration = (script: string) => ({
    active: { scriptURL: `https://app.example.com${script}` },
    waiting: null,
    installing: null,
    unregister: async () => unregistered.push(script),
  });
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: { getRegistrations: async () => [registration('/sw.js'), registration('/old-cache-worker.js')] },
  });
  localStorage.setItem('th_app_version', 'build-3');
  await applyBuildStamp('build-4');
  expect(unregistered).toEqual(['/old-cache-worker.js']);
});

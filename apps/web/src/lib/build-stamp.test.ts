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

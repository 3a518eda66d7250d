import { describe, expect, it } from 'vitest';
import { batchedLookup } from '../../src/lib/batched-lookup.ts';

describe('batchedLookup', () => {
  it('loads the keys asked for in one turn together, once each, and answers every caller', async () => {
    const loads: string[][] = [];
    const lookup = batchedLookup(async (keys: string[]) => {
      loads.push(keys);
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'missing'].map(lookup));
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(loads).toEqual([['a', 'b', 'missing']]);

    // A later turn starts a new batch: nothing is remembered between them.
    expect(await lookup('a')).toBe('A');
    expect(loads).toHaveLength(2);
  });

  it('fails every caller of a batch whose load fails, and recovers on the next', async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: string[]) => {
      if (fail) throw new Error('database is down');
      return new Map(keys.map((key) => [key, key.length]));
    });
    const failed = await Promise.allSettled([lookup('one'), lookup('three')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup('three')).toBe(5);
  });
});

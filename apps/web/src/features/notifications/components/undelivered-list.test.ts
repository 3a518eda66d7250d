import { describe, expect, it } from 'vitest';
import { attemptsLabel } from './undelivered-list';

describe('attempts of an undelivered notification', () => {
  it("counts the worker's own tries against its limit, and staff retries beyond it apart", () => {
    expect(attemptsLabel({ attempts: 2, max_attempts: 6 })).toBe('2 of 6');
    expect(attemptsLabel({ attempts: 6, max_attempts: 6 })).toBe('6 of 6');
    expect(attemptsLabel({ attempts: 8, max_attempts: 6 })).toBe('6 of 6 + 2 by staff');
  });
});

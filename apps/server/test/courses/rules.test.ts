import { describe, expect, it } from 'vitest';
import { memberStatuses, nextProgress, progressRefusal, type ProgressState } from '../../src/modules/courses/rules.ts';

const at = new Date('2025-03-03T15:00:00Z');
const done: ProgressState = { progressPercent: 100, unlockedAt: null, completedAt: at };
const unlocked: ProgressState = { progressPercent: 0, unlockedAt: at, completedAt: null };

describe('memberStatuses', () => {
  it('keeps locked lessons locked until the member opens them, and closed ones closed', () => {
    expect(
      memberStatuses([
        { setting: 'published', progress: undefined },
        { setting: 'locked', progress: undefined },
        { setting: 'coming_soon', progress: undefined },
        { setting: 'unavailable', progress: undefined },
      ]),
    ).toEqual(['in-progress', 'locked', 'coming_soon', 'unavailable']);
  });

  it('opens a locked lesson once unlocked, or once the lesson before it is completed', () => {
    expect(
      memberStatuses([
        { setting: 'published', progress: done },
        { setting: 'locked', progress: undefined },
        { setting: 'locked', progress: unlocked },
        { setting: 'locked', progress: undefined },
      ]),
    ).toEqual(['completed', 'in-progress', 'in-progress', 'locked']);
  });

  it('shows finished work as completed even if staff later close the lesson', () => {
    expect(memberStatuses([{ setting: 'coming_soon', progress: done }])).toEqual(['completed']);
  });
});

describe('progressRefusal', () => {
  it('refuses locked, coming-soon and unavailable lessons with a reason', () => {
    expect(progressRefusal('locked')).toBe('This lesson is locked. Complete the previous lesson to unlock it.');
    expect(progressRefusal('coming_soon')).toMatch(/coming soon/);
    expect(progressRefusal('unavailable')).toMatch(/not available/);
    expect(progressRefusal('in-progress')).toBeNull();
    expect(progressRefusal('completed')).toBeNull();
  });
});

describe('nextProgress', () => {
  it('clamps percentages to 0–100 and completes at 100 or more', () => {
    expect(nextProgress(undefined, { progress_percent: -20 }, at)).toEqual({ progressPercent: 0, completedAt: null });
    expect(nextProgress(undefined, { progress_percent: 42.6 }, at)).toEqual({ progressPercent: 43, completedAt: null });
    expect(nextProgress(undefined, { progress_percent: 250 }, at)).toEqual({ progressPercent: 100, completedAt: at });
    expect(nextProgress(undefined, { completed: true }, at)).toEqual({ progressPercent: 100, completedAt: at });
  });

  it('never goes backwards and keeps the first completion time', () => {
    const half: ProgressState = { progressPercent: 50, unlockedAt: null, completedAt: null };
    expect(nextProgress(half, { progress_percent: 10 }, at).progressPercent).toBe(50);
    const later = new Date('2025-04-01T00:00:00Z');
    expect(nextProgress(done, { completed: true }, later)).toEqual({ progressPercent: 100, completedAt: at });
    expect(nextProgress(done, { progress_percent: 5 }, later)).toEqual({ progressPercent: 100, completedAt: at });
  });
});

import { describe, it, expect } from 'vitest';
import {
  canMarkComplete,
  canOpenModule,
  clampProgress,
  completeModule,
  courseProgress,
  durationLabel,
  isProgressCompleted,
  moduleDurationLabel,
  moduleKey,
  moduleUiStatus,
  nextAfterComplete,
  selectModule,
  type CourseModuleLike,
} from '../src/courses.ts';

describe('progress', () => {
  it('clamps to 0–100', () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(150)).toBe(100);
    expect(clampProgress('42.5')).toBe(42.5);
    expect(clampProgress(null)).toBe(0);
    expect(clampProgress('abc')).toBe(0);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
  it('is completed when flagged or at 100 and above', () => {
    expect(isProgressCompleted({ is_completed: true, progress_percent: 10 })).toBe(true);
    expect(isProgressCompleted({ progress_percent: 100 })).toBe(true);
    expect(isProgressCompleted({ progress_percent: 120 })).toBe(true);
    expect(isProgressCompleted({ progress_percent: '100' })).toBe(true);
    expect(isProgressCompleted({ progress_percent: 99.9 })).toBe(false);
    expect(isProgressCompleted(null)).toBe(false);
  });
});

describe('moduleUiStatus', () => {
  it('[P115] is completed, locked or in-progress', () => {
    expect(moduleUiStatus({ status: 'locked', progress: { is_completed: true } })).toBe(
      'completed',
    );
    expect(moduleUiStatus({ status: 'completed' })).toBe('completed');
    expect(moduleUiStatus({ status: 'locked' })).toBe('locked');
    expect(moduleUiStatus({ status: 'coming_soon' })).toBe('locked');
    expect(moduleUiStatus({ status: 'unavailable' })).toBe('locked');
    expect(moduleUiStatus({ status: 'in-progress' })).toBe('in-progress');
    expect(moduleUiStatus({})).toBe('in-progress');
  });
  it('guards opening and marking', () => {
    expect(canOpenModule({ status: 'locked' })).toBe(false);
    expect(canMarkComplete({ status: 'locked' })).toBe(false);
    expect(canMarkComplete({ progress: { progress_percent: 100 } })).toBe(false);
    expect(canMarkComplete({ status: 'in-progress' })).toBe(true);
  });
  it('keys modules by slug, else id', () => {
    expect(moduleKey({ slug: 'intro', id: 1 })).toBe('intro');
    expect(moduleKey({ id: 7 })).toBe('7');
    expect(moduleKey({})).toBe('');
  });
});

describe('courseProgress', () => {
  it('counts completed modules', () => {
    expect(
      courseProgress([{ progress: { is_completed: true } }, { status: 'locked' }, {}]),
    ).toEqual({ completed: 1, total: 3, percent: 33, label: '1/3 complete' });
    expect(courseProgress([])).toEqual({
      completed: 0,
      total: 0,
      percent: 0,
      label: '0/0 complete',
    });
  });
});

const modules: CourseModuleLike[] = [
  { slug: 'a', status: 'completed', progress: { is_completed: true } },
  { slug: 'b', status: 'in-progress' },
  { slug: 'c', status: 'locked' },
  { slug: 'd', status: 'coming_soon' },
];

describe('selectModule', () => {
  it('keeps an open module named by the URL', () => {
    expect(selectModule(modules, 'b')).toEqual({ module: modules[1], replaceUrl: false });
    expect(selectModule(modules, 'a')).toEqual({ module: modules[0], replaceUrl: false });
  });
  it('replaces a missing or locked module with the first unlocked one', () => {
    expect(selectModule(modules, 'c')).toEqual({ module: modules[0], replaceUrl: true });
    expect(selectModule(modules, 'zzz')).toEqual({ module: modules[0], replaceUrl: true });
    expect(selectModule(modules, undefined)).toEqual({ module: modules[0], replaceUrl: true });
    const lockedFirst = [{ slug: 'x', status: 'locked' }, { slug: 'y' }];
    expect(selectModule(lockedFirst, 'x')).toEqual({ module: lockedFirst[1], replaceUrl: true });
  });
  it('falls back to the first module when all are locked', () => {
    const allLocked = [
      { slug: 'x', status: 'locked' },
      { slug: 'y', status: 'locked' },
    ];
    expect(selectModule(allLocked, 'y')).toEqual({ module: allLocked[0], replaceUrl: true });
    expect(selectModule(allLocked, 'x')).toEqual({ module: allLocked[0], replaceUrl: false });
  });
  it('selects nothing without modules', () => {
    expect(selectModule([], 'a')).toEqual({ module: null, replaceUrl: false });
  });
});

describe('completing a module', () => {
  const course: CourseModuleLike[] = [
    { slug: 'a', status: 'in-progress' },
    { slug: 'b', status: 'locked' },
    { slug: 'c', status: 'locked' },
  ];
  it('unlocks and selects the next locked module', () => {
    expect(nextAfterComplete(course, 'a')).toBe(course[1]);
    const { modules: updated, select } = completeModule(course, 'a', '2025-01-01T00:00:00Z');
    expect(updated[0]?.progress).toEqual({
      progress_percent: 100,
      is_completed: true,
      completed_at: '2025-01-01T00:00:00Z',
    });
    expect(updated[1]?.status).toBe('in-progress');
    expect(updated[2]).toBe(course[2]);
    expect(select?.slug).toBe('b');
    expect(course[1]?.status).toBe('locked');
  });
  it('[P116] unlocks the next locked module past coming-soon, unavailable and open ones', () => {
    const gaps = [
      { slug: 'a', status: 'in-progress' },
      { slug: 'b', status: 'coming_soon' },
      { slug: 'c', status: 'unavailable' },
      { slug: 'd', status: 'in-progress' },
      { slug: 'e', status: 'locked' },
      { slug: 'f', status: 'locked' },
    ];
    expect(nextAfterComplete(gaps, 'a')).toBe(gaps[4]);
    expect(completeModule(gaps, 'a').select?.slug).toBe('e');
  });
  it('unlocks nothing after the last module or before coming-soon ones', () => {
    expect(nextAfterComplete(course, 'c')).toBeNull();
    expect(nextAfterComplete(modules, 'c')).toBeNull();
    expect(nextAfterComplete(course, 'missing')).toBeNull();
    expect(nextAfterComplete([{ slug: 'a' }, { slug: 'b' }], 'a')).toBeNull();
    expect(completeModule(course, 'c').select?.slug).toBe('c');
  });
});

describe('durations', () => {
  it('[P122] rounds seconds to minutes, shown Nm or Nh Mm', () => {
    expect(durationLabel(0)).toBe('0m');
    expect(durationLabel(29)).toBe('0m');
    expect(durationLabel(30)).toBe('1m');
    expect(durationLabel(45 * 60)).toBe('45m');
    expect(durationLabel(3569)).toBe('59m');
    expect(durationLabel(3570)).toBe('1h 0m');
    expect(durationLabel(3900)).toBe('1h 5m');
    expect(durationLabel('7200')).toBe('2h 0m');
    expect(durationLabel(-1)).toBeNull();
    expect(durationLabel(null)).toBeNull();
  });
  it('[P122] prefers the human label', () => {
    expect(moduleDurationLabel({ duration_human: '12 min', duration_seconds: 60 })).toBe('12 min');
    expect(moduleDurationLabel({ duration: '15:00' })).toBe('15:00');
    expect(moduleDurationLabel({ duration: '600' })).toBe('10m');
    expect(moduleDurationLabel({ duration: 600 })).toBe('10m');
    expect(moduleDurationLabel({ duration_seconds: 5400 })).toBe('1h 30m');
    expect(moduleDurationLabel({})).toBeNull();
  });
});

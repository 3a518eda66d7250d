import type { ModuleStatus } from '@th/contracts';
import { clampProgress } from '@th/domain';

/** The staff setting of a lesson (course_modules.status). */
export type LessonSetting = 'locked' | 'coming_soon' | 'unavailable' | 'published';

/** The member's stored progress on one lesson, if any. */
export type ProgressState = {
  progressPercent: number;
  unlockedAt: Date | null;
  completedAt: Date | null;
};

/**
 * Each lesson's status for one member, in course order. Completed wins (finished work stays
 * visible as done). A 'locked' lesson opens when the member's progress says it was unlocked,
 * or when the lesson before it is completed: the second rule keeps a member moving when staff
 * insert a new locked lesson after one they had already finished.
 */
export function memberStatuses(
  lessons: readonly { setting: LessonSetting; progress: ProgressState | undefined }[],
): ModuleStatus[] {
  const statuses: ModuleStatus[] = [];
  lessons.forEach(({ setting, progress }, index) => {
    const previous = index > 0 ? statuses[index - 1] : undefined;
    if (progress?.completedAt) statuses.push('completed');
    else if (setting === 'coming_soon' || setting === 'unavailable') statuses.push(setting);
    else if (setting === 'locked' && !progress?.unlockedAt && previous !== 'completed') statuses.push('locked');
    else statuses.push('in-progress');
  });
  return statuses;
}

/** Why a lesson cannot take progress, in the words a member reads; null when it can. */
export function progressRefusal(status: ModuleStatus): string | null {
  if (status === 'locked') return 'This lesson is locked. Complete the previous lesson to unlock it.';
  if (status === 'coming_soon') return 'This lesson is coming soon. Progress opens once it is published.';
  if (status === 'unavailable') return 'This lesson is not available right now.';
  return null;
}

/**
 * The progress after an update. Progress never goes backwards and a completion is final, so
 * repeating a request (a double click, a retry) changes nothing. Completed at 100 or more.
 */
export function nextProgress(
  current: ProgressState | undefined,
  update: { completed?: boolean | undefined; progress_percent?: number | undefined },
  now: Date,
): { progressPercent: number; completedAt: Date | null } {
  if (current?.completedAt) return { progressPercent: 100, completedAt: current.completedAt };
  const requested = update.completed === true ? 100 : Math.round(clampProgress(update.progress_percent));
  const progressPercent = Math.max(current?.progressPercent ?? 0, requested);
  return { progressPercent, completedAt: progressPercent >= 100 ? now : null };
}

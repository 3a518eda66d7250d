/**
 * Course viewer rules (platform §4): module status, progress, which module to show, what
 * completing a module unlocks, and duration labels.
 */

export interface ModuleProgress {
  progress_percent?: number | string | null;
  is_completed?: boolean | null;
  completed_at?: string | null;
}

/** The module fields these rules read. */
export interface CourseModuleLike {
  slug?: string | null;
  id?: string | number | null;
  status?: string | null;
  progress?: ModuleProgress | null;
}

export type ModuleUiStatus = 'completed' | 'locked' | 'in-progress';

const LOCKED_STATUSES = new Set(['locked', 'coming_soon', 'unavailable']);

/** Progress as a percentage clamped to 0–100; anything unreadable is 0. */
export function clampProgress(value: unknown): number {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return 0;
  return Math.min(100, Math.max(0, number));
}

/** Completed when flagged so, or when progress reached 100 or more. */
export function isProgressCompleted(progress: ModuleProgress | null | undefined): boolean {
  if (!progress) return false;
  if (progress.is_completed === true) return true;
  const raw = progress.progress_percent;
  const percent = typeof raw === 'string' ? Number(raw) : raw;
  return typeof percent === 'number' && Number.isFinite(percent) && percent >= 100;
}

/**
 * Completed wins over locked, so finished work stays visible as done. A raw 'completed'
 * status also counts, in case the server sends it without a progress record.
 */
export function moduleUiStatus(module: CourseModuleLike): ModuleUiStatus {
  const status = module.status?.trim().toLowerCase() ?? '';
  if (isProgressCompleted(module.progress) || status === 'completed') return 'completed';
  if (LOCKED_STATUSES.has(status)) return 'locked';
  return 'in-progress';
}

/** The module's URL key: its slug, else its id. */
export function moduleKey(module: CourseModuleLike): string {
  const slug = module.slug?.trim();
  if (slug) return slug;
  return module.id === null || module.id === undefined ? '' : String(module.id);
}

/** A completed module cannot be marked again, nor can a locked one (it cannot be opened). */
export function canMarkComplete(module: CourseModuleLike): boolean {
  return moduleUiStatus(module) === 'in-progress';
}

export function canOpenModule(module: CourseModuleLike): boolean {
  return moduleUiStatus(module) !== 'locked';
}

export interface CourseProgress {
  completed: number;
  total: number;
  /** Whole percent, 0 for a course without modules. */
  percent: number;
  /** "n/m complete". */
  label: string;
}

export function courseProgress(modules: readonly CourseModuleLike[]): CourseProgress {
  const total = modules.length;
  const completed = modules.filter((m) => moduleUiStatus(m) === 'completed').length;
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  return { completed, total, percent, label: `${completed}/${total} complete` };
}

export interface ModuleSelection<M> {
  module: M | null;
  /** True when the URL names another (or no) module and must be replaced with this one's. */
  replaceUrl: boolean;
}

/**
 * The module to show for the URL's module slug: that module when it exists and is not
 * locked; otherwise the first unlocked module, else the first one, with the URL replaced.
 */
export function selectModule<M extends CourseModuleLike>(
  modules: readonly M[],
  urlSlug: string | null | undefined,
): ModuleSelection<M> {
  const wanted = urlSlug?.trim();
  const named = wanted ? modules.find((m) => moduleKey(m) === wanted) : undefined;
  if (named && canOpenModule(named)) return { module: named, replaceUrl: false };
  const fallback = modules.find(canOpenModule) ?? modules[0] ?? null;
  if (!fallback) return { module: null, replaceUrl: false };
  return { module: fallback, replaceUrl: moduleKey(fallback) !== wanted };
}

/**
 * After completing a module: the next locked module (status 'locked') after it, which the
 * viewer unlocks and selects (platform §4). Modules in between that are coming soon,
 * unavailable or already open are passed over; a completed one is never unlocked again.
 */
export function nextAfterComplete<M extends CourseModuleLike>(
  modules: readonly M[],
  completedSlug: string,
): M | null {
  const index = modules.findIndex((m) => moduleKey(m) === completedSlug);
  if (index === -1) return null;
  return (
    modules
      .slice(index + 1)
      .find((m) => m.status?.trim().toLowerCase() === 'locked' && moduleUiStatus(m) !== 'completed') ?? null
  );
}

/**
 * The module list after completing one: that module marked complete at 100, and the next
 * locked module (see nextAfterComplete) opened as in-progress. Returns the new list and the
 * module to select (the unlocked one, else the completed one).
 */
export function completeModule<M extends CourseModuleLike>(
  modules: readonly M[],
  completedSlug: string,
  completedAt: string | null = null,
): { modules: M[]; select: M | null } {
  const unlock = nextAfterComplete(modules, completedSlug);
  let select: M | null = null;
  const updated = modules.map((m) => {
    if (moduleKey(m) === completedSlug) {
      const done: M = {
        ...m,
        progress: {
          ...m.progress,
          progress_percent: 100,
          is_completed: true,
          completed_at: completedAt,
        },
      };
      select ??= done;
      return done;
    }
    if (m === unlock) {
      const opened: M = { ...m, status: 'in-progress' };
      select = opened;
      return opened;
    }
    return m;
  });
  return { modules: updated, select };
}

/** Seconds as minutes: "45m" under an hour, else "1h 5m". Null when unusable. */
export function durationLabel(seconds: number | string | null | undefined): string | null {
  const value = typeof seconds === 'string' ? Number(seconds.trim()) : seconds;
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return null;
  const minutes = Math.round(value / 60);
  if (minutes < 60) return `${minutes}m`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** The duration a module shows: its human text, else its duration text, else from seconds. */
export function moduleDurationLabel(module: {
  duration_human?: string | null;
  duration?: string | number | null;
  duration_seconds?: number | string | null;
}): string | null {
  const human = module.duration_human?.trim();
  if (human) return human;
  if (typeof module.duration === 'string' && module.duration.trim() !== '') {
    // A bare number is seconds; anything else is already a label.
    return /^\d+(\.\d+)?$/.test(module.duration.trim())
      ? durationLabel(module.duration)
      : module.duration.trim();
  }
  if (typeof module.duration === 'number') return durationLabel(module.duration);
  return durationLabel(module.duration_seconds);
}

import type { CourseModule } from '@th/contracts';
import { moduleDurationLabel, moduleKey, moduleUiStatus } from '@th/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './courses.module.css';

function StatusIcon({ status }: { status: 'completed' | 'locked' | 'in-progress' }) {
  if (status === 'completed') {
    return (
      <span className={`${styles.navIcon} ${styles.navIconDone}`} aria-hidden="true">
        ✓
      </span>
    );
  }
  if (status === 'locked') {
    return (
      <svg className={styles.navIcon} aria-hidden="true" viewBox="0 0 16 16" width="16" height="16">
        <path fill="currentColor" d="M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Zm2 0h4V5a2 2 0 1 0-4 0v2Z" />
      </svg>
    );
  }
  return <span className={`${styles.navIcon} ${styles.navIconOpen}`} aria-hidden="true" />;
}

/** What a lesson's state reads as: screen readers hear why it cannot be opened. */
function statusText(module: CourseModule, status: 'completed' | 'locked' | 'in-progress'): string | null {
  if (status === 'completed') return 'Completed';
  if (status === 'in-progress') return null;
  if (module.status === 'coming_soon') return 'Coming soon';
  if (module.status === 'unavailable') return 'Unavailable';
  return 'Locked';
}

/**
 * The ordered lesson list. Open lessons are links; locked ones are disabled buttons, so they
 * cannot be opened or focused as links.
 */
export function ModuleNav({ courseSlug, modules, selected }: { courseSlug: string; modules: CourseModule[]; selected: string | null }) {
  if (modules.length === 0) return <p className="muted">Modules are coming soon.</p>;
  return (
    <ol className={styles.nav}>
      {modules.map((module, index) => {
        const key = moduleKey(module);
        const status = moduleUiStatus(module);
        const duration = moduleDurationLabel(module);
        const state = statusText(module, status);
        // Coming soon and unavailable lessons say so on screen; a lock alone would suggest progress opens them.
        const visibleState = state === 'Coming soon' || state === 'Unavailable' ? state : null;
        // One spoken name in a fixed order: number, title, state, length.
        const label = [`${index + 1}. ${module.title}`, state, duration].filter(Boolean).join(', ');
        const inner = (
          <>
            <StatusIcon status={status} />
            <span className={styles.navText}>
              <span>
                {index + 1}. {module.title}
              </span>
              {(duration || visibleState) && (
                <span className={styles.navDuration}>{[duration, visibleState].filter(Boolean).join(' · ')}</span>
              )}
            </span>
          </>
        );
        return (
          <li key={key}>
            {status === 'locked' ? (
              <button type="button" className={`${styles.navItem} ${styles.locked}`} disabled aria-label={label}>
                {inner}
              </button>
            ) : (
              <Link
                to={paths.courseDetail(courseSlug, key)}
                className={key === selected ? `${styles.navItem} ${styles.selected}` : styles.navItem}
                aria-label={label}
                aria-current={key === selected ? 'page' : undefined}
              >
                {inner}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}

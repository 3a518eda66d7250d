import { clampProgress } from '@th/domain';
import styles from './courses.module.css';

/** A labelled progress bar with its value as text beside it. */
export function ProgressBar({ percent, label, caption }: { percent: number; label: string; caption: string }) {
  const value = Math.round(clampProgress(percent));
  return (
    <div className={styles.progress}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className={styles.progressFill} style={{ width: `${value}%` }} />
      </div>
      <span className={styles.progressCaption}>{caption}</span>
    </div>
  );
}

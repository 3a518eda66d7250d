import { clampProgress } from '@th/domain';

/** A labelled progress bar with its value as text beside it. */
export function ProgressBar({ percent, label, caption }: { percent: number; label: string; caption: string }) {
  const value = Math.round(clampProgress(percent));
  return (
    <div className="course-progress">
      <div
        className="course-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="course-progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span className="course-progress-caption">{caption}</span>
    </div>
  );
}

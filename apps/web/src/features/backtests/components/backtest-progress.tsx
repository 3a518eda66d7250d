import type { BacktestStatus } from '@th/contracts';
import styles from './backtests.module.css';

/** The progress bar while the worker fetches bars and replays them. */
export function BacktestProgress({ status, progress }: { status: BacktestStatus; progress: number }) {
  const label = status === 'queued' ? 'Waiting for the worker…' : `Running the backtest… ${progress}%`;
  return (
    <div className={styles.progress}>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label="Backtest progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={label}
      >
        <div className={styles.progressFill} style={{ width: `${progress}%` }} />
      </div>
      <p className="muted" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

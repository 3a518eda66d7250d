import type { BacktestStatus } from '@th/contracts';

/** The progress bar while the worker fetches bars and replays them. */
export function BacktestProgress({ status, progress }: { status: BacktestStatus; progress: number }) {
  const label = status === 'queued' ? 'Waiting for the worker…' : `Running the backtest… ${progress}%`;
  return (
    <div className="backtest-progress">
      <div
        className="backtest-progress-track"
        role="progressbar"
        aria-label="Backtest progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={label}
      >
        <div className="backtest-progress-fill" style={{ width: `${progress}%` }} />
      </div>
      <p className="muted" aria-live="polite">
        {label}
      </p>
    </div>
  );
}

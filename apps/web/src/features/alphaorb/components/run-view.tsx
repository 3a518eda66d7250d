import type { MonitorRun } from '@th/contracts';
import { formatPriceText } from '../utils/format';
import styles from './alphaorb.module.css';
import { pillClass } from './tone';

/** One run: its state, window, metrics and the step list with is-{status} classes. */
export function RunView({ run }: { run: MonitorRun }) {
  const m = run.metrics;
  return (
    <div>
      <p>
        <span className={pillClass(run.stateTone)}>{run.stateLabel}</span> {run.tradingDay} · {run.window.from12}–{run.window.to12} ({run.window.timezone})
      </p>
      <dl className={styles.metrics}>
        <div><dt>Range high</dt><dd>{formatPriceText(m.orbHigh)}</dd></div>
        <div><dt>Range low</dt><dd>{formatPriceText(m.orbLow)}</dd></div>
        <div><dt>Entry</dt><dd>{formatPriceText(m.entryPrice)}</dd></div>
        <div><dt>Stop</dt><dd>{formatPriceText(m.stopPrice)}</dd></div>
        <div><dt>Target</dt><dd>{formatPriceText(m.targetPrice)}</dd></div>
        <div><dt>Filled</dt><dd>{m.filledQty ?? '—'}</dd></div>
      </dl>
      <ol className={styles.steps}>
        {run.steps.map((s) => (
          <li key={s.key} className={`${styles.step} is-${s.status}`}>
            <span className={styles.stepIndex}>{s.index + 1}</span> {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

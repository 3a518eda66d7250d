import type { MonitorRun } from '@th/contracts';
import { formatPriceText } from '../utils/format';

/** One run: its state, window, metrics and the step list with is-{status} classes. */
export function RunView({ run }: { run: MonitorRun }) {
  const m = run.metrics;
  return (
    <div className="orb-run">
      <p>
        <span className={`orb-pill orb-tone-${run.stateTone}`}>{run.stateLabel}</span> {run.tradingDay} · {run.window.from12}–{run.window.to12} ({run.window.timezone})
      </p>
      <dl className="orb-metrics">
        <div><dt>Range high</dt><dd>{formatPriceText(m.orbHigh)}</dd></div>
        <div><dt>Range low</dt><dd>{formatPriceText(m.orbLow)}</dd></div>
        <div><dt>Entry</dt><dd>{formatPriceText(m.entryPrice)}</dd></div>
        <div><dt>Stop</dt><dd>{formatPriceText(m.stopPrice)}</dd></div>
        <div><dt>Target</dt><dd>{formatPriceText(m.targetPrice)}</dd></div>
        <div><dt>Filled</dt><dd>{m.filledQty ?? '—'}</dd></div>
      </dl>
      <ol className="orb-steps">
        {run.steps.map((s) => (
          <li key={s.key} className={`orb-step is-${s.status}`}>
            <span className="orb-step-index">{s.index + 1}</span> {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

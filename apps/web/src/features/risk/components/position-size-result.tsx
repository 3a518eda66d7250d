import { formatMoney, formatPrice, formatSize, fromCents, type InstrumentSpec, type PositionSize } from '@th/domain';
import { Alert } from '@/components/alert';
import styles from './risk.module.css';

/** The calculator's answer: lots, the money really at risk, and the 1R–3R prices. */
export function PositionSizeResult({ size, spec, currency }: { size: PositionSize; spec: InstrumentSpec; currency: string }) {
  const money = (cents: number) => formatMoney(fromCents(cents), { currency });
  return (
    <section className={styles.result} aria-labelledby="position-size-title">
      <h3 id="position-size-title">Position size</h3>
      {size.lots === 0 ? (
        <Alert tone="warning">
          One lot step ({spec.lotStep} lots) risks {money(size.oneStepRiskCents)} with this stop, more than the {money(size.riskAskedCents)} you
          asked. Risk more or move the stop closer.
        </Alert>
      ) : (
        <p className={styles.lots} aria-live="polite">
          <strong>{formatSize(size.lots)} lots</strong> {size.side === 'long' ? 'long (buy)' : 'short (sell)'}
        </p>
      )}
      <dl className={styles.figures}>
        <div>
          <dt>Money at risk</dt>
          <dd>{money(size.riskCents)}</dd>
        </div>
        <div>
          <dt>Risk asked</dt>
          <dd>{money(size.riskAskedCents)}</dd>
        </div>
        <div>
          <dt>Stop distance</dt>
          <dd>{formatPrice(size.stopDistance)} points</dd>
        </div>
        <div>
          <dt>Value per point</dt>
          <dd>
            {spec.valuePerPoint} {spec.quoteCurrency} per lot
          </dd>
        </div>
      </dl>
      {spec.quoteCurrency !== currency && (
        <p className="muted">
          {spec.symbol} is quoted in {spec.quoteCurrency}: these amounts are in {spec.quoteCurrency}, not converted to the account&apos;s {currency}.
        </p>
      )}
      <table className={styles.targets}>
        <caption>R-multiple targets</caption>
        <thead>
          <tr>
            <th scope="col">Target</th>
            <th scope="col">Price</th>
            <th scope="col">Reward</th>
          </tr>
        </thead>
        <tbody>
          {size.targets.map((target) => (
            <tr key={target.r}>
              <th scope="row">{target.r}R</th>
              <td>{target.price === null ? 'Below zero' : formatPrice(target.price)}</td>
              <td>{money(size.riskCents * target.r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

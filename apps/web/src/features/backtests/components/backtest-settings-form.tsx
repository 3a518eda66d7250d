import type { BacktestSettingsInput } from '@th/contracts/backtests';
import { INSTRUMENT_SYMBOLS, INSTRUMENTS } from '@th/domain';
import { Card } from '@/components/card';
import { Field } from '@/components/field';
import styles from './backtests.module.css';

const DAYS = [
  ['mon', 'Mon'],
  ['tue', 'Tue'],
  ['wed', 'Wed'],
  ['thu', 'Thu'],
  ['fri', 'Fri'],
  ['sat', 'Sat'],
  ['sun', 'Sun'],
] as const;
type Day = (typeof DAYS)[number][0];

export type BacktestSettingsValues = { instrument: string; settings: BacktestSettingsInput };

export const DEFAULT_BACKTEST_SETTINGS: BacktestSettingsValues = {
  instrument: 'NAS100',
  settings: {
    orb_minutes: 15,
    orb_start_local: '09:30',
    run_days: ['mon', 'tue', 'wed', 'thu', 'fri'],
    lot_size: 1,
    order_type: 'limit',
    risk_max_daily_trades: 1,
    risk_max_daily_loss: null,
    max_spread: null,
  },
};

/** The bot settings a standalone backtest replays, for members without a bot yet. */
export function BacktestSettingsForm({ value, onChange }: { value: BacktestSettingsValues; onChange: (next: BacktestSettingsValues) => void }) {
  const s = value.settings;
  const set = (patch: Partial<BacktestSettingsInput>) => onChange({ ...value, settings: { ...s, ...patch } });
  const days = (s.run_days ?? []) as Day[];
  return (
    <Card title="Bot settings">
      <div className={styles.fields}>
        <div className="field">
          <label htmlFor="backtest-instrument">Instrument</label>
          <select id="backtest-instrument" value={value.instrument} onChange={(e) => onChange({ ...value, instrument: e.target.value })}>
            {INSTRUMENT_SYMBOLS.map((symbol) => (
              <option key={symbol} value={symbol}>
                {symbol} — {INSTRUMENTS[symbol].name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="backtest-orb-minutes">ORB minutes</label>
          <select id="backtest-orb-minutes" value={String(s.orb_minutes ?? 5)} onChange={(e) => set({ orb_minutes: Number(e.target.value) })}>
            {[5, 15, 30].map((m) => (
              <option key={m} value={m}>
                {m} minutes
              </option>
            ))}
          </select>
        </div>
        <Field
          label="ORB start (New York time)"
          type="time"
          step={300}
          value={s.orb_start_local ?? '09:30'}
          onChange={(e) => set({ orb_start_local: e.target.value })}
        />
        <Field label="Lot size" type="number" min={0} step={0.01} value={String(s.lot_size ?? 1)} onChange={(e) => set({ lot_size: e.target.value })} />
        <div className="field">
          <label htmlFor="backtest-order-type">Order type</label>
          <select id="backtest-order-type" value={s.order_type ?? 'limit'} onChange={(e) => set({ order_type: e.target.value as 'limit' | 'market' })}>
            <option value="limit">Limit</option>
            <option value="market">Market</option>
          </select>
        </div>
      </div>
      <fieldset className={styles.days}>
        <legend>Run days</legend>
        {DAYS.map(([day, label]) => (
          <label key={day} className={styles.day}>
            <input
              type="checkbox"
              checked={days.includes(day)}
              onChange={(e) => set({ run_days: DAYS.map(([d]) => d).filter((d) => (d === day ? e.target.checked : days.includes(d))) })}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </Card>
  );
}

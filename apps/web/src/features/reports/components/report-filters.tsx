import { useId, type FormEvent } from 'react';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS, type ReportPeriod } from '@th/domain';
import type { TradeAccountOption } from '@th/contracts';
import styles from './reports.module.css';

export interface ReportFilterState {
  period: ReportPeriod;
  from: string;
  to: string;
  accountId: string;
}

type Props = {
  value: ReportFilterState;
  accounts: TradeAccountOption[];
  onChange: (next: ReportFilterState) => void;
};

/** Period and account. Presets apply at once; a custom range applies with its button. */
export function ReportFilters({ value, accounts, onChange }: Props) {
  const id = useId();
  const submitCustom = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onChange({ ...value, period: 'custom', from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  };
  return (
    <div className={styles.filters}>
      <div className={styles.periods} role="group" aria-label="Period">
        {REPORT_PERIODS.map((period) => (
          <button
            key={period}
            type="button"
            className={value.period === period ? `${styles.active} chip` : 'chip'}
            aria-pressed={value.period === period}
            onClick={() => onChange({ ...value, period })}
          >
            {REPORT_PERIOD_LABELS[period]}
          </button>
        ))}
      </div>
      <div className={`${styles.account} field`}>
        <label htmlFor={`${id}-account`}>Account</label>
        <select
          id={`${id}-account`}
          value={value.accountId}
          onChange={(event) => onChange({ ...value, accountId: event.target.value })}
        >
          <option value="">All accounts</option>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.label}
            </option>
          ))}
        </select>
      </div>
      {value.period === 'custom' && (
        <form className={styles.custom} onSubmit={submitCustom} key={`${value.from}|${value.to}`}>
          <div className="field">
            <label htmlFor={`${id}-from`}>From</label>
            <input id={`${id}-from`} name="from" type="date" defaultValue={value.from} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>To</label>
            <input id={`${id}-to`} name="to" type="date" defaultValue={value.to} />
          </div>
          <button type="submit" className="btn btn-secondary">
            Apply
          </button>
        </form>
      )}
    </div>
  );
}

import { PositionSizeQuestion } from '@th/contracts/risk';
import { INSTRUMENT_SYMBOLS, INSTRUMENTS, instrumentSpec, momentLabel, positionSize } from '@th/domain';
import { useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Field, SelectField } from '@/components/field';
import { readingFields, textOrNull, typedNumber, useContractForm } from '@/lib/form';
import { PositionSizeResult } from './position-size-result';
import styles from './risk.module.css';

/** A linked account as the calculator uses it: its balance as last read from the broker. */
export type RiskAccount = { id: string; label: string; balance: number | null; currency: string; lastSyncedAt: string | null };

type Values = { account_id: string; balance: string; instrument: string; risk_mode: 'percent' | 'money'; risk: string; entry: string; stop: string };

const question = readingFields(PositionSizeQuestion, {
  account_id: textOrNull,
  balance: typedNumber,
  risk: typedNumber,
  entry: typedNumber,
  stop: typedNumber,
});

const TYPED = '';

/**
 * The position size calculator: sized in the browser on every change once the question is
 * complete (no call per keystroke); Calculate puts into words what is still missing.
 */
export function PositionSizeCalculator({ accounts, zone }: { accounts: RiskAccount[]; zone: string }) {
  const first = accounts[0];
  const form = useContractForm<Values, PositionSizeQuestion>(question, {
    account_id: first?.id ?? TYPED,
    balance: first?.balance == null ? '' : String(first.balance),
    instrument: 'NAS100',
    risk_mode: 'percent',
    risk: '1',
    entry: '',
    stop: '',
  });
  const {
    register,
    control,
    setValue,
    handleSubmit,
    formState: { errors },
  } = form;
  const values = useWatch({ control }) as Values;
  const account = accounts.find((a) => a.id === values.account_id) ?? null;
  const currency = account?.currency ?? 'USD';
  const parsed = question.safeParse(values);
  const spec = instrumentSpec(values.instrument);
  const size =
    parsed.success && spec
      ? positionSize({
          balance: parsed.data.balance,
          riskMode: parsed.data.risk_mode,
          risk: parsed.data.risk,
          entry: parsed.data.entry,
          stop: parsed.data.stop,
          valuePerPoint: spec.valuePerPoint,
          lotStep: spec.lotStep,
        })
      : null;

  const accountField = register('account_id', {
    onChange: (event: { target: { value: string } }) => {
      const chosen = accounts.find((a) => a.id === event.target.value);
      if (chosen) setValue('balance', chosen.balance === null ? '' : String(chosen.balance));
    },
  });
  const fromBroker = account !== null && account.balance !== null;
  const synced = account?.lastSyncedAt ? momentLabel(account.lastSyncedAt, { zone }) : null;

  return (
    <Card title="Position size calculator" aria-label="Position size calculator">
      <form className={styles.calculator} noValidate onSubmit={handleSubmit(() => undefined)}>
        <div className={styles.fields}>
          <SelectField label="Account" {...accountField}>
            <option value={TYPED}>Type a balance</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}
              </option>
            ))}
          </SelectField>
          <Field
            label={`Balance (${currency})`}
            inputMode="decimal"
            readOnly={fromBroker}
            hint={
              fromBroker
                ? `As last read from TradeLocker${synced ? ` (${synced})` : ''}.`
                : account
                  ? 'Not read from TradeLocker yet: sync the account on TradeDesk, or type its balance.'
                  : undefined
            }
            {...register('balance')}
            error={errors.balance?.message}
          />
          <SelectField label="Instrument" {...register('instrument')} error={errors.instrument?.message}>
            {INSTRUMENT_SYMBOLS.map((symbol) => (
              <option key={symbol} value={symbol}>
                {symbol} — {INSTRUMENTS[symbol].name}
              </option>
            ))}
          </SelectField>
          <fieldset className="choice-box">
            <legend>Risk as</legend>
            <label>
              <input type="radio" value="percent" {...register('risk_mode')} /> % of balance
            </label>
            <label>
              <input type="radio" value="money" {...register('risk_mode')} /> Amount ({currency})
            </label>
          </fieldset>
          <Field
            label={values.risk_mode === 'percent' ? 'Risk (% of balance)' : `Risk (${currency})`}
            inputMode="decimal"
            {...register('risk')}
            error={errors.risk?.message}
          />
          <Field label="Entry price" inputMode="decimal" {...register('entry')} error={errors.entry?.message} />
          <Field label="Stop price" inputMode="decimal" {...register('stop')} error={errors.stop?.message} />
        </div>
        <Button type="submit">Calculate</Button>
      </form>
      {size && spec && <PositionSizeResult size={size} spec={spec} currency={currency} />}
    </Card>
  );
}

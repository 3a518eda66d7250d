import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { InstrumentLevelsQuery, LEVELS_MIN_DATE } from '@th/contracts/levels';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import styles from './levels.module.css';

/** A date before the first computed day is raised to it (trading-tools §5.5). */
export const clampLevelsDate = (value: string) => (value && value < LEVELS_MIN_DATE ? LEVELS_MIN_DATE : value);

/** The levels query as the Date field fills it: empty asks for the latest days. */
const DateSchema = readingFields(InstrumentLevelsQuery.pick({ date: true }), {
  date: (value) => (value === '' ? undefined : typeof value === 'string' ? clampLevelsDate(value) : value),
});

type Props = {
  applied: string;
  /** The failed load, if any: a date the server refuses (422) says why under the field. */
  error: unknown;
  onApply: (date: string) => void;
  onReset: () => void;
};

/** The Date filter: Apply commits the typed date only when it differs from what is shown. */
export function LevelsFilter({ applied, error, onApply, onReset }: Props) {
  const form = useContractForm(DateSchema, { date: applied });
  const { control, register, setValue, formState } = form;
  const draft = useWatch({ control, name: 'date' });

  useEffect(() => {
    if (error) showServerErrors(form, error);
  }, [error, form]);

  const submit = form.handleSubmit(({ date = '' }) => {
    setValue('date', date);
    if (date !== applied) onApply(date);
  });

  return (
    <form className={styles.filter} onSubmit={submit} aria-label="Levels filters" noValidate>
      <Field
        label="Date"
        type="date"
        min={LEVELS_MIN_DATE}
        hint="Leave empty for the latest trading days. Times are Toronto time."
        {...register('date', { onBlur: (event: { target: { value: string } }) => setValue('date', clampLevelsDate(event.target.value)) })}
        error={formState.errors.date?.message}
      />
      <div className={styles.filterActions}>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset({ date: '' });
            onReset();
          }}
          disabled={!draft && !applied}
        >
          Reset
        </Button>
        <Button type="submit" disabled={draft === applied}>
          Apply
        </Button>
      </div>
    </form>
  );
}

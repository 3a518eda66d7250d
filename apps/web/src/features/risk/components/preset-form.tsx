import { RiskPresetRequest } from '@th/contracts/risk';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { useCreatePreset } from '../api/create-preset';
import { messageAt, RulesFields } from './rules-fields';
import { readRules, rulesValues, type RulesValues } from './rules-values';
import styles from './rules.module.css';

const schema = readingFields(RiskPresetRequest, { rules: readRules });

/** A new preset: a name and the rules it will give each account it is applied to. */
export function PresetForm({ currency }: { currency: string }) {
  const form = useContractForm<{ name: string; rules: RulesValues }, RiskPresetRequest>(schema, { name: '', rules: rulesValues(null) });
  const create = useCreatePreset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit((body) =>
    create.mutate(body, { onSuccess: () => form.reset({ name: '', rules: rulesValues(null) }), onError: (error) => showServerErrors(form, error) }),
  );
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label="New preset">
      <Field label="Preset name" {...register('name')} error={errors.name?.message} />
      <RulesFields bind={(name) => register(`rules.${name}`)} errorOf={(name) => messageAt(errors, `rules.${name}`)} currency={currency} />
      {create.isError && <Alert tone="error">{describeError(create.error, 'The preset could not be saved.')}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={create.isPending} busyLabel="Saving…">
          Save preset
        </Button>
      </div>
    </form>
  );
}

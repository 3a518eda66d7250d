import { RiskRules, type RiskAccount } from '@th/contracts/risk';
import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { useRemoveAccountRules } from '../api/remove-account-rules';
import { useSaveAccountRules } from '../api/save-account-rules';
import { messageAt, RulesFields } from './rules-fields';
import { rulesReaders, rulesValues, type RulesValues } from './rules-values';
import styles from './rules.module.css';

const schema = readingFields(RiskRules, rulesReaders);

/** One linked account's rules: set, change or remove them. */
export function AccountRulesForm({ account }: { account: RiskAccount }) {
  const form = useContractForm<RulesValues, RiskRules>(schema, rulesValues(account.rules));
  const save = useSaveAccountRules();
  const remove = useRemoveAccountRules();
  const [saved, setSaved] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((rules) => {
    setSaved(null);
    save.mutate(
      { accountId: account.account_id, rules },
      { onSuccess: () => setSaved(`Rules saved for ${account.label}.`), onError: (error) => showServerErrors(form, error) },
    );
  });
  const onRemove = () => {
    setSaved(null);
    remove.mutate(account.account_id, {
      onSuccess: () => {
        form.reset(rulesValues(null));
        setSaved(`Rules removed from ${account.label}.`);
      },
    });
  };
  const failure = save.error ?? remove.error;

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label={`Rules for ${account.label}`}>
      <RulesFields bind={(name) => register(name)} errorOf={(name) => messageAt(errors, name)} currency={account.currency} />
      {failure && <Alert tone="error">{describeError(failure, 'The rules could not be saved.')}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          Save rules
        </Button>
        {account.rules && (
          <Button variant="secondary" onClick={onRemove} busy={remove.isPending} busyLabel="Removing…">
            Remove rules
          </Button>
        )}
      </div>
    </form>
  );
}

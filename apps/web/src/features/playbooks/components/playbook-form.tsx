import { useFieldArray } from 'react-hook-form';
import { PLAYBOOK_RULES_MAX, PlaybookRequest, type Playbook } from '@th/contracts/playbooks';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field, TextareaField } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { readingFields, showServerErrors, textOrNull, useContractForm } from '@/lib/form';
import { useSavePlaybook } from '../api/save-playbook';
import styles from './playbooks.module.css';

type Fields = { name: string; description: string; rules: { id: string; text: string }[] };

const schema = readingFields(PlaybookRequest, { description: textOrNull });

const fieldsOf = (playbook: Playbook | null): Fields => ({
  name: playbook?.name ?? '',
  description: playbook?.description ?? '',
  rules: playbook?.rules.map((rule) => ({ ...rule })) ?? [{ id: '', text: '' }],
});

type Props = { playbook: Playbook | null; onDone?: () => void };

/**
 * A playbook's name, description and rules (an ordered checklist). A rule keeps its id when
 * edited or moved, so trades that ticked it stay ticked.
 */
export function PlaybookForm({ playbook, onDone }: Props) {
  const form = useContractForm<Fields, PlaybookRequest>(schema, fieldsOf(playbook));
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;
  const rules = useFieldArray({ control, name: 'rules', keyName: 'key' });
  const save = useSavePlaybook();
  const title = playbook ? `Edit ${playbook.name}` : 'New playbook';

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { playbookId: playbook?.id ?? null, body },
      {
        onSuccess: () => {
          if (!playbook) form.reset(fieldsOf(null));
          onDone?.();
        },
        onError: (error) => showServerErrors(form, error),
      },
    ),
  );

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-label={title}>
      <Field label="Name" maxLength={80} {...register('name')} error={errors.name?.message} />
      <TextareaField label="Description" rows={2} hint="What the setup is and when you take it." {...register('description')} error={errors.description?.message} />
      <fieldset className={styles.rules}>
        <legend>Rules (a checklist ticked on each trade)</legend>
        <ol className={styles.ruleList}>
          {rules.fields.map((rule, index) => (
            <li key={rule.key} className={styles.rule}>
              <Field label={`Rule ${index + 1}`} {...register(`rules.${index}.text`)} error={errors.rules?.[index]?.text?.message} />
              <div className={styles.ruleActions}>
                <Button variant="ghost" aria-label={`Move rule ${index + 1} up`} disabled={index === 0} onClick={() => rules.move(index, index - 1)}>
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Move rule ${index + 1} down`}
                  disabled={index === rules.fields.length - 1}
                  onClick={() => rules.move(index, index + 1)}
                >
                  ↓
                </Button>
                <Button variant="ghost" aria-label={`Remove rule ${index + 1}`} onClick={() => rules.remove(index)}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {errors.rules?.message && <p className="field-error">{errors.rules.message}</p>}
        <Button variant="secondary" disabled={rules.fields.length >= PLAYBOOK_RULES_MAX} onClick={() => rules.append({ id: '', text: '' })}>
          Add rule
        </Button>
      </fieldset>
      {save.isError && <Alert tone="error">{describeError(save.error, 'The playbook could not be saved.')}</Alert>}
      <div className="form-actions">
        {onDone && playbook && (
          <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          {playbook ? 'Save playbook' : 'Create playbook'}
        </Button>
      </div>
    </form>
  );
}

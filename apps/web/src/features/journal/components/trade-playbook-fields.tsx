import { useId, useState } from 'react';
import { Controller, useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { Link } from 'react-router';
import { SelectField } from '@/components/field';
import { paths } from '@/config/paths';
import { usePlaybooks } from '../api/get-playbooks';
import styles from './trade-playbook.module.css';

export type PlaybookFields = { playbook_id: string; rules_followed: string[] };

type Props<T extends PlaybookFields, Output> = {
  control: Control<T, unknown, Output>;
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  errors: { playbook_id?: { message?: string }; rules_followed?: { message?: string } };
  disabled: boolean;
};

/**
 * The trade's playbook (issue #24) and the rules of it the member followed, ticked from the
 * playbook's checklist. Choosing another playbook starts its checklist unticked.
 */
export function TradePlaybookFields<T extends PlaybookFields, Output>(props: Props<T, Output>) {
  // One cast: react-hook-form's paths cannot be named through a generic form type.
  const { control, register, setValue, errors, disabled } = props as unknown as Props<PlaybookFields, PlaybookFields>;
  const chosenId = useWatch({ control, name: 'playbook_id' });
  // Asked for once the member goes to the field (or the trade has one), not with every form.
  const [choosing, setChoosing] = useState(false);
  const playbooks = usePlaybooks(choosing || Boolean(chosenId));
  const chosen = playbooks.data?.data.find((playbook) => playbook.id === chosenId);
  const legendId = useId();
  const field = register('playbook_id', { onChange: () => setValue('rules_followed', []) });
  return (
    <div className={styles.playbook}>
      <SelectField
        label="Playbook"
        {...field}
        disabled={disabled}
        onFocus={() => setChoosing(true)}
        onPointerEnter={() => setChoosing(true)}
        error={errors.playbook_id?.message}
        hint={
          playbooks.data?.data.length === 0 ? (
            <>
              No playbooks yet: <Link to={paths.playbooks}>create one</Link>.
            </>
          ) : undefined
        }
      >
        <option value="">No playbook</option>
        {/* The saved choice stays listed while the list loads. */}
        {chosenId && !chosen && <option value={chosenId}>{playbooks.isPending ? 'Loading…' : 'Playbook'}</option>}
        {(playbooks.data?.data ?? []).map((playbook) => (
          <option key={playbook.id} value={playbook.id}>
            {playbook.name}
          </option>
        ))}
      </SelectField>
      {chosen && chosen.rules.length > 0 && (
        <fieldset className={styles.rules} aria-labelledby={legendId}>
          <legend id={legendId}>Rules followed</legend>
          <Controller
            control={control}
            name="rules_followed"
            render={({ field: ticks }) => (
              <>
                {chosen.rules.map((rule) => (
                  <label key={rule.id} className="checkbox-row">
                    <input
                      type="checkbox"
                      disabled={disabled}
                      checked={ticks.value.includes(rule.id)}
                      onChange={(event) =>
                        ticks.onChange(event.target.checked ? [...ticks.value, rule.id] : ticks.value.filter((id) => id !== rule.id))
                      }
                    />
                    <span>{rule.text}</span>
                  </label>
                ))}
              </>
            )}
          />
          {errors.rules_followed?.message && <p className="field-error">{errors.rules_followed.message}</p>}
        </fieldset>
      )}
    </div>
  );
}

import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { EMOTIONS, JournalTradeRequest, type Emotion, type JournalTradeEntry } from '@th/contracts/journals';
import type { Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { CheckboxField, Field, SelectField } from '@/components/field';
import { TagInput } from '@/components/tag-input';
import { readingFields, showServerErrors, textOrNull, useContractForm } from '@/lib/form';
import { RichTextEditor } from '@/components/rich-text-editor';
import { useJournalTags } from '../api/get-journal-tags';
import { tagSuggestions } from '../utils/tag-suggestions';
import { TradePlaybookFields } from './trade-playbook-fields';
import styles from './journal.module.css';

type Props = {
  trade: Trade;
  entry: JournalTradeEntry | undefined;
  saving: boolean;
  error: string | null;
  /** Saves the entry; a rejected 422 puts its messages on the fields. */
  onSave: (entry: JournalTradeRequest) => Promise<unknown>;
  onCancel: () => void;
};

const MOMENTS = [
  ['before', 'Emotion before'],
  ['during', 'Emotion during'],
  ['after', 'Emotion after'],
] as const;

const CHECKS = [
  ['planAligned', 'Plan aligned'],
  ['riskManaged', 'Risk managed'],
  ['scalingRules', 'Scaling rules respected'],
] as const;

/** Empty fields are sent as null (§5.4): the texts trimmed, the notes' HTML as typed. */
const EntrySchema = readingFields(JournalTradeRequest, {
  outcome: textOrNull,
  notes: (value) => value || null,
  context: (value) => {
    const context = value as Record<string, unknown>;
    return { session: context.session || null, marketCondition: textOrNull(context.marketCondition), news: textOrNull(context.news) };
  },
  playbook_id: textOrNull,
});

type EntryFields = {
  outcome: string;
  notes: string;
  context: { session: string; marketCondition: string; news: string };
  emotions: Record<'before' | 'during' | 'after', Emotion | ''>;
  checklist: Record<'planAligned' | 'riskManaged' | 'scalingRules', boolean>;
  labels: string[];
  playbook_id: string;
  rules_followed: string[];
};

const fieldsOf = (trade: Trade, entry: JournalTradeEntry | undefined): EntryFields => ({
  outcome: entry?.outcome ?? '',
  notes: entry?.notes ?? '',
  context: { session: entry?.context.session ?? trade.session ?? '', marketCondition: entry?.context.marketCondition ?? '', news: entry?.context.news ?? '' },
  emotions: { before: entry?.emotions.before ?? '', during: entry?.emotions.during ?? '', after: entry?.emotions.after ?? '' },
  checklist: {
    planAligned: entry?.checklist.planAligned ?? false,
    riskManaged: entry?.checklist.riskManaged ?? false,
    scalingRules: entry?.checklist.scalingRules ?? false,
  },
  labels: entry?.labels ?? [],
  playbook_id: entry?.playbook_id ?? '',
  rules_followed: entry?.rules_followed ?? [],
});

/** §2.9 edit view. Empty fields are sent as null (§5.4); the session is read-only. */
export function TradeEntryForm({ trade, entry, saving, error, onSave, onCancel }: Props) {
  const form = useContractForm(EntrySchema, fieldsOf(trade, entry));
  const { register, control, formState, setValue } = form;
  const errors = formState.errors;
  const [tagging, setTagging] = useState(false);
  const tags = useJournalTags(tagging);

  const submit = form.handleSubmit(async (body) => {
    try {
      await onSave(body);
    } catch (failure) {
      // The panel words every failure in its alert (error); a 422 also marks its fields.
      showServerErrors(form, failure);
    }
  });

  return (
    <form className={styles.entryForm} onSubmit={submit} aria-label="Edit trade journal">
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.entryGrid}>
        {/* Opening the edit view takes focus to its first field. */}
        <Field label="Outcome" autoFocus {...register('outcome')} error={errors.outcome?.message} />
        <Field label="Session" readOnly {...register('context.session')} />
        <Field label="Market condition" placeholder="Trend, range, news-driven…" {...register('context.marketCondition')} error={errors.context?.marketCondition?.message} />
        <Field label="News catalyst" placeholder="Optional" {...register('context.news')} error={errors.context?.news?.message} />
        {MOMENTS.map(([key, label]) => (
          <SelectField key={key} label={label} {...register(`emotions.${key}`)} error={errors.emotions?.[key]?.message}>
            <option value="">—</option>
            {EMOTIONS.map((emotion) => (
              <option key={emotion} value={emotion}>
                {emotion}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <fieldset className={styles.entryChecks}>
        <legend>Process checklist</legend>
        {CHECKS.map(([key, label]) => (
          <CheckboxField key={key} className="checkbox-row" label={label} {...register(`checklist.${key}`)} />
        ))}
      </fieldset>
      <TradePlaybookFields control={control} register={register} setValue={setValue} errors={errors} disabled={saving} />
      <Controller
        control={control}
        name="labels"
        render={({ field }) => (
          <TagInput
            label="Tags"
            value={field.value}
            onChange={field.onChange}
            suggestions={tagSuggestions(tags.data?.data)}
            error={errors.labels?.message ?? errors.labels?.find?.((item) => item)?.message}
            disabled={saving}
            onFocus={() => setTagging(true)}
          />
        )}
      />
      <div className="field">
        <span className="field-label">Trade notes</span>
        <Controller
          control={control}
          name="notes"
          render={({ field }) => <RichTextEditor label="Trade notes" initialHtml={entry?.notes ?? null} onChange={field.onChange} disabled={saving} />}
        />
        {errors.notes && <p className="field-error">{errors.notes.message}</p>}
      </div>
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" busy={saving} busyLabel="Saving…">
          Save changes
        </Button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { EMOTIONS, type Emotion, type JournalTradeEntry, type JournalTradeRequest } from '@th/contracts/journals';
import type { Trade } from '@th/contracts/trades';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { RichTextEditor } from './rich-text-editor';

type Props = {
  trade: Trade;
  entry: JournalTradeEntry | undefined;
  saving: boolean;
  error: string | null;
  onSave: (entry: JournalTradeRequest) => void;
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

const emotionOrNull = (value: string) => (value ? (value as Emotion) : null);

/** §2.9 edit view. Empty fields are sent as null (§5.4); the session is read-only. */
export function TradeEntryForm({ trade, entry, saving, error, onSave, onCancel }: Props) {
  const [outcome, setOutcome] = useState(entry?.outcome ?? '');
  const [condition, setCondition] = useState(entry?.context.marketCondition ?? '');
  const [news, setNews] = useState(entry?.context.news ?? '');
  const [emotions, setEmotions] = useState({
    before: entry?.emotions.before ?? '',
    during: entry?.emotions.during ?? '',
    after: entry?.emotions.after ?? '',
  });
  const [checklist, setChecklist] = useState({
    planAligned: entry?.checklist.planAligned ?? false,
    riskManaged: entry?.checklist.riskManaged ?? false,
    scalingRules: entry?.checklist.scalingRules ?? false,
  });
  const [notes, setNotes] = useState(entry?.notes ?? '');
  const session = entry?.context.session ?? trade.session ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      outcome: outcome.trim() || null,
      notes: notes || null,
      context: { session: session || null, marketCondition: condition.trim() || null, news: news.trim() || null },
      emotions: { before: emotionOrNull(emotions.before), during: emotionOrNull(emotions.during), after: emotionOrNull(emotions.after) },
      checklist,
      labels: entry?.labels ?? [],
    });
  };

  return (
    <form className="trade-entry-form" onSubmit={submit} aria-label="Edit trade journal">
      {error && <Alert tone="error">{error}</Alert>}
      <div className="trade-entry-grid">
        {/* Opening the edit view takes focus to its first field. */}
        <Field label="Outcome" autoFocus value={outcome} onChange={(event) => setOutcome(event.target.value)} />
        <Field label="Session" value={session} readOnly />
        <Field
          label="Market condition"
          placeholder="Trend, range, news-driven…"
          value={condition}
          onChange={(event) => setCondition(event.target.value)}
        />
        <Field label="News catalyst" placeholder="Optional" value={news} onChange={(event) => setNews(event.target.value)} />
        {MOMENTS.map(([key, label]) => (
          <div className="field" key={key}>
            <label htmlFor={`emotion-${trade.id}-${key}`}>{label}</label>
            <select
              id={`emotion-${trade.id}-${key}`}
              value={emotions[key]}
              onChange={(event) => setEmotions((current) => ({ ...current, [key]: event.target.value }))}
            >
              <option value="">—</option>
              {EMOTIONS.map((emotion) => (
                <option key={emotion} value={emotion}>
                  {emotion}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <fieldset className="trade-entry-checks">
        <legend>Process checklist</legend>
        {CHECKS.map(([key, label]) => (
          <label className="checkbox-row" key={key}>
            <input
              type="checkbox"
              checked={checklist[key]}
              onChange={(event) => setChecklist((current) => ({ ...current, [key]: event.target.checked }))}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <span className="field-label">Trade notes</span>
        <RichTextEditor label="Trade notes" initialHtml={entry?.notes ?? null} onChange={setNotes} disabled={saving} />
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

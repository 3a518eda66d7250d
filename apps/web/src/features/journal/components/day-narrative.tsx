import { useState } from 'react';
import type { JournalDay } from '@th/contracts/journals';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TagInput } from '@/components/tag-input';
import { useJournalTags } from '../api/get-journal-tags';
import { useSaveJournalDay } from '../api/save-journal-day';
import { describeFailure } from '../utils/errors';
import { tagSuggestions } from '../utils/tag-suggestions';
import { useEditMode } from '../utils/use-edit-mode';
import { RichTextEditor } from '@/components/rich-text-editor';
import { RichTextView } from '@/components/rich-text-view';

/** §2.8 Daily narrative: view mode, or the editor with Save narrative / Cancel; the day's tags with it. */
export function DayNarrative({ date, journal }: { date: string; journal: JournalDay | undefined }) {
  const save = useSaveJournalDay(date);
  const { editing, startEdit, leaveEdit, editButton } = useEditMode();
  const [draft, setDraft] = useState('');
  const [draftTags, setDraftTags] = useState<string[]>([]);
  const [tagging, setTagging] = useState(false);
  const tags = useJournalTags(tagging);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const start = () => {
    setDraft(journal?.overall_notes ?? '');
    setDraftTags(journal?.tags ?? []);
    setError(null);
    setSaved(false);
    startEdit();
  };

  const submit = () => {
    setError(null);
    save.mutate(
      {
        session: journal?.session ?? null,
        sentiment: journal?.sentiment ?? null,
        plan_summary: journal?.plan_summary ?? null,
        overall_notes: draft.trim() ? draft : null,
        tags: draftTags,
      },
      {
        onSuccess: () => {
          leaveEdit();
          setSaved(true);
        },
        onError: (failure) => {
          setError(describeFailure(failure, 'Failed to save narrative', 'Unable to save narrative for this day.'));
        },
      },
    );
  };

  return (
    <Card
      title="Daily narrative"
      actions={
        !editing && (
          <Button ref={editButton} variant="secondary" onClick={start} disabled={!journal}>
            Edit
          </Button>
        )
      }
    >
      {error && <Alert tone="error">{error}</Alert>}
      {/* Always rendered, so a screen reader hears the save: a live region added with its text is often missed. */}
      <p className="visually-hidden" role="status">
        {saved ? 'Narrative saved.' : ''}
      </p>
      {editing ? (
        <>
          <RichTextEditor
            label="Daily narrative"
            initialHtml={journal?.overall_notes ?? null}
            onChange={setDraft}
            disabled={save.isPending}
            autoFocus
          />
          <TagInput
            label="Day tags"
            value={draftTags}
            onChange={setDraftTags}
            suggestions={tagSuggestions(tags.data?.data)}
            disabled={save.isPending}
            onFocus={() => setTagging(true)}
          />
          <div className="form-actions">
            <Button variant="secondary" onClick={leaveEdit} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} busy={save.isPending} busyLabel="Saving…">
              Save narrative
            </Button>
          </div>
        </>
      ) : (
        <>
          <RichTextView html={journal?.overall_notes ?? null} empty="No narrative saved yet." />
          {(journal?.tags.length ?? 0) > 0 && <p className="muted">Tags: {journal!.tags.join(', ')}</p>}
        </>
      )}
    </Card>
  );
}

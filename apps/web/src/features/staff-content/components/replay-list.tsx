import { useState } from 'react';
import { StaffReplayInput, type StaffReplay, type StaffSession } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CheckboxField, Field } from '@/components/field';
import { describeError } from '@/lib/api-client';
import { textOrNull, readingFields, showServerErrors, useContractForm } from '@/lib/form';
import { useDeleteReplay, useSaveReplay } from '../api/sessions';
import styles from './staff-content.module.css';

const ReplaySchema = readingFields(StaffReplayInput, {
  recorded_on: textOrNull,
  // Typed in minutes, sent in seconds; what is not a number is left out, as before.
  duration_seconds: (value) => {
    if (typeof value !== 'string') return value;
    const minutes = Number(value);
    return value.trim() && Number.isFinite(minutes) ? Math.round(minutes * 60) : null;
  },
  topics: (value) => (typeof value === 'string' ? value.split(',').map((t) => t.trim()).filter(Boolean) : value),
  watch_url: textOrNull,
  download_url: textOrNull,
  passcode: textOrNull,
  mentor: textOrNull,
});

/** The replay's fields; duration_seconds holds the typed minutes, so a 422 on it lands there. */
const fieldsOf = (replay: StaffReplay | null) => ({
  title: replay?.title ?? '',
  recorded_on: replay?.recordedAt?.slice(0, 10) ?? '',
  duration_seconds: replay?.duration != null ? String(Math.round(replay.duration / 60)) : '',
  topics: (replay?.topics ?? []).join(', '),
  watch_url: replay?.watchUrl ?? '',
  download_url: replay?.downloadUrl ?? '',
  passcode: replay?.passcode ?? '',
  mentor: replay?.mentor ?? '',
  published: replay?.published ?? true,
});

function ReplayForm({ sessionId, replay, onDone }: { sessionId: string; replay: StaffReplay | null; onDone: () => void }) {
  const form = useContractForm(ReplaySchema, fieldsOf(replay));
  const { register, formState } = form;
  const errors = formState.errors;
  const save = useSaveReplay(sessionId);

  const submit = form.handleSubmit((input) =>
    save.mutate({ replayId: replay?.id ?? null, input }, { onSuccess: onDone, onError: (error) => showServerErrors(form, error) }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={replay ? `Edit ${replay.title}` : 'New replay'}>
      <div className="field-grid">
        <Field label="Replay title" {...register('title')} error={errors.title?.message} />
        <Field label="Recorded on" type="date" {...register('recorded_on')} error={errors.recorded_on?.message} />
        <Field label="Duration (minutes)" inputMode="numeric" {...register('duration_seconds')} error={errors.duration_seconds?.message} />
        <Field label="Topics (comma separated)" {...register('topics')} error={errors.topics?.message} />
        <Field label="Watch link" placeholder="https://…" {...register('watch_url')} error={errors.watch_url?.message} />
        <Field label="Download link" placeholder="https://…" {...register('download_url')} error={errors.download_url?.message} />
        <Field label="Play passcode" autoComplete="off" {...register('passcode')} error={errors.passcode?.message} />
        <Field label="Mentor" {...register('mentor')} error={errors.mentor?.message} />
      </div>
      <CheckboxField label="Published (members see it in the replay library)" {...register('published')} />
      {save.error && <Alert tone="error">{describeError(save.error, 'Unable to save the replay.')}</Alert>}
      <div className="form-actions">
        <Button type="submit" busy={save.isPending} busyLabel="Saving…">
          {replay ? 'Save replay' : 'Add replay'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The session's recordings, newest first; links may come later ("Coming soon" for members). */
export function ReplayList({ session }: { session: StaffSession }) {
  const [editing, setEditing] = useState<string | null>(null);
  const remove = useDeleteReplay(session.id);
  // The replay whose deletion waits for the staff member's confirmation.
  const [deleting, setDeleting] = useState<StaffReplay | null>(null);
  return (
    <div>
      {editing === 'new' ? (
        <ReplayForm sessionId={session.id} replay={null} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" onClick={() => setEditing('new')}>
          Add a replay
        </Button>
      )}
      {session.replays.length === 0 && <p className="muted">No replays yet.</p>}
      {session.replays.map((replay) =>
        editing === replay.id ? (
          <div key={replay.id} className={styles.replay}>
            <ReplayForm sessionId={session.id} replay={replay} onDone={() => setEditing(null)} />
          </div>
        ) : (
          <div key={replay.id} className={styles.replay}>
            <div className={styles.replayHead}>
              <div>
                <strong>{replay.title}</strong> {!replay.published && <Badge tone="gray">Draft</Badge>}
                <div className="muted">
                  {[replay.recordedAt?.slice(0, 10), replay.mentor, replay.duration ? `${Math.round(replay.duration / 60)} min` : null, replay.topics.join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                  {!replay.watchUrl && ' · no watch link yet'}
                </div>
              </div>
              <span className={styles.order}>
                <Button variant="ghost" onClick={() => setEditing(replay.id)}>
                  Edit
                </Button>
                <Button
                  variant="danger"
                  busy={remove.isPending && remove.variables === replay.id}
                  busyLabel="Deleting…"
                  onClick={() => setDeleting(replay)}
                >
                  Delete
                </Button>
              </span>
            </div>
          </div>
        ),
      )}
      {remove.error && <Alert tone="error">{describeError(remove.error, 'Unable to delete the replay.')}</Alert>}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete replay"
        description={`Delete the replay “${deleting?.title ?? ''}”?`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={false}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
      />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import type { Replay, StaffSession } from '@th/contracts';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { ApiError, describeError } from '@/lib/api-client';
import { useDeleteReplay, useSaveReplay } from '../api/sessions';

const draftOf = (replay: Replay | null) => ({
  title: replay?.title ?? '',
  recorded_on: replay?.recordedAt?.slice(0, 10) ?? '',
  minutes: replay?.duration != null ? String(Math.round(replay.duration / 60)) : '',
  topics: (replay?.topics ?? []).join(', '),
  watch_url: replay?.watchUrl ?? '',
  download_url: replay?.downloadUrl ?? '',
});

function ReplayForm({ sessionId, replay, onDone }: { sessionId: string; replay: Replay | null; onDone: () => void }) {
  const [form, setForm] = useState(() => draftOf(replay));
  const save = useSaveReplay(sessionId);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const prefix = replay?.id ?? 'new';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minutes = Number(form.minutes);
    save.mutate(
      {
        replayId: replay?.id ?? null,
        input: {
          title: form.title,
          recorded_on: form.recorded_on || null,
          duration_seconds: form.minutes.trim() && Number.isFinite(minutes) ? Math.round(minutes * 60) : null,
          topics: form.topics.split(',').map((t) => t.trim()).filter(Boolean),
          watch_url: form.watch_url || null,
          download_url: form.download_url || null,
        },
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={replay ? `Edit ${replay.title}` : 'New replay'}>
      <div className="staff-form-grid">
        <Field id={`${prefix}-title`} label="Replay title" value={form.title} onChange={(e) => set({ title: e.target.value })} error={errors.title?.[0]} />
        <Field id={`${prefix}-date`} label="Recorded on" type="date" value={form.recorded_on} onChange={(e) => set({ recorded_on: e.target.value })} error={errors.recorded_on?.[0]} />
        <Field id={`${prefix}-minutes`} label="Duration (minutes)" inputMode="numeric" value={form.minutes} onChange={(e) => set({ minutes: e.target.value })} error={errors.duration_seconds?.[0]} />
        <Field id={`${prefix}-topics`} label="Topics (comma separated)" value={form.topics} onChange={(e) => set({ topics: e.target.value })} />
        <Field id={`${prefix}-watch`} label="Watch link" placeholder="https://…" value={form.watch_url} onChange={(e) => set({ watch_url: e.target.value })} error={errors.watch_url?.[0]} />
        <Field id={`${prefix}-download`} label="Download link" placeholder="https://…" value={form.download_url} onChange={(e) => set({ download_url: e.target.value })} error={errors.download_url?.[0]} />
      </div>
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
          <div key={replay.id} className="staff-replay">
            <ReplayForm sessionId={session.id} replay={replay} onDone={() => setEditing(null)} />
          </div>
        ) : (
          <div key={replay.id} className="staff-replay">
            <div className="staff-replay-head">
              <div>
                <strong>{replay.title}</strong>
                <div className="muted">
                  {[replay.recordedAt?.slice(0, 10), replay.duration ? `${Math.round(replay.duration / 60)} min` : null, replay.topics.join(', ')]
                    .filter(Boolean)
                    .join(' · ')}
                  {!replay.watchUrl && ' · no watch link yet'}
                </div>
              </div>
              <span className="staff-order">
                <Button variant="ghost" onClick={() => setEditing(replay.id)}>
                  Edit
                </Button>
                <Button
                  variant="danger"
                  busy={remove.isPending && remove.variables === replay.id}
                  busyLabel="Deleting…"
                  onClick={() => {
                    if (window.confirm(`Delete the replay “${replay.title}”?`)) remove.mutate(replay.id);
                  }}
                >
                  Delete
                </Button>
              </span>
            </div>
          </div>
        ),
      )}
      {remove.error && <Alert tone="error">{describeError(remove.error, 'Unable to delete the replay.')}</Alert>}
    </div>
  );
}

import { useMemo, useState } from 'react';
import { Field, SelectField } from '@/components/field';
import { useLiveSessions } from '../api/get-live-sessions';
import { filterReplays, libraryOf, mentorsOf, NO_FILTER, type ReplayFilter } from '../utils/replay-library';
import { ReplayList } from './replay-list';
import styles from './live-sessions.module.css';

/** How many matches show before the member narrows the search. */
const SHOWN = 30;

/** Every published replay, searchable and filtered by session, mentor and recorded day. */
export function ReplayLibrary({ memberZone }: { memberZone: string }) {
  const query = useLiveSessions();
  const [filter, setFilter] = useState<ReplayFilter>(NO_FILTER);
  const sessions = useMemo(() => query.data ?? [], [query.data]);
  const library = useMemo(() => libraryOf(sessions), [sessions]);
  if (library.length === 0) return null;
  const matches = filterReplays(library, filter, memberZone);
  const set = (key: keyof ReplayFilter) => (event: { target: { value: string } }) =>
    setFilter((current) => ({ ...current, [key]: event.target.value }));

  return (
    <section className={styles.replayLibrary} aria-labelledby="replay-library-heading">
      <h2 id="replay-library-heading">Replay library</h2>
      <div className={styles.replayFilters} role="search" aria-label="Find a replay">
        <Field label="Search replays" type="search" value={filter.search} onChange={set('search')} />
        <SelectField label="Session" value={filter.sessionId} onChange={set('sessionId')}>
          <option value="">All sessions</option>
          {sessions
            .filter((s) => s.replays.length > 0)
            .map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
        </SelectField>
        <SelectField label="Mentor" value={filter.mentor} onChange={set('mentor')}>
          <option value="">All mentors</option>
          {mentorsOf(library).map((mentor) => (
            <option key={mentor}>{mentor}</option>
          ))}
        </SelectField>
        <Field label="Recorded from" type="date" value={filter.from} onChange={set('from')} />
        <Field label="Recorded to" type="date" value={filter.to} onChange={set('to')} />
      </div>
      <p className="muted" role="status">
        {matches.length === library.length
          ? `${library.length} replays`
          : `${matches.length} of ${library.length} replays match`}
        {matches.length > SHOWN && ` · showing the newest ${SHOWN}`}
      </p>
      {matches.length === 0 ? (
        <p className="muted">No replay matches these filters.</p>
      ) : (
        <ReplayList replays={matches} memberZone={memberZone} limit={SHOWN} />
      )}
    </section>
  );
}

import { describe, expect, it } from 'vitest';
import { liveSessionFixture } from '../../../../test/live-session-fixture';
import { filterReplays, libraryOf, mentorsOf, NO_FILTER } from './replay-library';

const replay = (id: string, recordedAt: string | null, over: { mentor?: string; topics?: string[]; title?: string } = {}) => ({
  id,
  title: over.title ?? `Replay ${id}`,
  recordedAt,
  watchUrl: null,
  downloadUrl: null,
  duration: null,
  topics: over.topics ?? [],
  passcode: null,
  mentor: over.mentor ?? null,
});

const sessions = [
  liveSessionFixture({
    id: 'ny',
    title: 'New York Open',
    replays: [replay('a', '2026-01-05T15:00:00Z', { mentor: 'Dana Cole', topics: ['Opening range'] }), replay('b', '2026-01-06T15:00:00Z')],
  }),
  // 03:30 UTC on Jan 7 is still Jan 6 in Toronto: days are the member's.
  liveSessionFixture({ id: 'asia', title: 'Asia Session', replays: [replay('c', '2026-01-07T03:30:00Z', { mentor: 'Kenji Ito' })] }),
];
const library = libraryOf(sessions);
const ids = (filter: Partial<typeof NO_FILTER>) => filterReplays(library, { ...NO_FILTER, ...filter }, 'America/Toronto').map((r) => r.id);

describe('the replay library', () => {
  it('lists every session’s replays newest first, with their mentors', () => {
    expect(library.map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(mentorsOf(library)).toEqual(['Dana Cole', 'Kenji Ito']);
  });

  it('filters by session, mentor and words in the title, topics or session name', () => {
    expect(ids({ sessionId: 'ny' })).toEqual(['b', 'a']);
    expect(ids({ mentor: 'Kenji Ito' })).toEqual(['c']);
    expect(ids({ search: 'opening RANGE' })).toEqual(['a']);
    expect(ids({ search: 'asia' })).toEqual(['c']);
  });

  it('filters by recorded day in the member’s zone, bounds included', () => {
    expect(ids({ from: '2026-01-06', to: '2026-01-06' })).toEqual(['c', 'b']);
    expect(ids({ to: '2026-01-05' })).toEqual(['a']);
  });
});

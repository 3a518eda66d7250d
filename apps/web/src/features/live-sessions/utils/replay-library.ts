import { DateTime } from 'luxon';
import type { LiveSession, Replay } from '@th/contracts';

/** A replay with the session it belongs to, as the library lists it. */
export type LibraryReplay = Replay & { sessionId: string; sessionTitle: string };

export type ReplayFilter = {
  /** Words found in the title, topics, mentor or session name, in any order. */
  search: string;
  sessionId: string;
  mentor: string;
  /** yyyy-mm-dd days in the member's zone, inclusive; blank for no bound. */
  from: string;
  to: string;
};

export const NO_FILTER: ReplayFilter = { search: '', sessionId: '', mentor: '', from: '', to: '' };

/** Every replay of every session, newest recording first (undated ones last). */
export function libraryOf(sessions: LiveSession[]): LibraryReplay[] {
  return sessions
    .flatMap((session) => session.replays.map((replay) => ({ ...replay, sessionId: session.id, sessionTitle: session.title })))
    .sort((a, b) => (b.recordedAt ?? '').localeCompare(a.recordedAt ?? ''));
}

export const mentorsOf = (replays: LibraryReplay[]) =>
  [...new Set(replays.map((r) => r.mentor).filter((m): m is string => !!m))].sort((a, b) => a.localeCompare(b));

/** The replays matching every filter set; the recorded day is read in the member's zone. */
export function filterReplays(replays: LibraryReplay[], filter: ReplayFilter, zone: string): LibraryReplay[] {
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  return replays.filter((replay) => {
    if (filter.sessionId && replay.sessionId !== filter.sessionId) return false;
    if (filter.mentor && replay.mentor !== filter.mentor) return false;
    if (filter.from || filter.to) {
      const day = replay.recordedAt ? DateTime.fromISO(replay.recordedAt).setZone(zone).toISODate() : null;
      if (!day || (filter.from && day < filter.from) || (filter.to && day > filter.to)) return false;
    }
    const text = [replay.title, replay.sessionTitle, replay.mentor ?? '', ...replay.topics].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

import { DateTime } from 'luxon';
import { durationLabel } from '@th/domain';
import type { Replay } from '@th/contracts';
import styles from './live-sessions.module.css';

function recordedLabel(recordedAt: string | null, zone: string): string | null {
  if (!recordedAt) return null;
  const date = DateTime.fromISO(recordedAt).setZone(zone);
  return date.isValid ? date.setLocale('en-US').toFormat('LLL d, yyyy') : null;
}

function ReplayLink({ href, label, title }: { href: string | null; label: string; title: string }) {
  if (!href) return <span className={styles.replaySoon}>Coming soon</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label}: ${title}`}>
      {label}
    </a>
  );
}

/** A session's newest replays; links not uploaded yet read 'Coming soon'. */
export function ReplayList({
  replays,
  memberZone,
  limit,
}: {
  replays: Replay[];
  memberZone: string;
  limit?: number;
}) {
  if (replays.length === 0) {
    return (
      <div className={styles.replayEmpty}>
        <p>Replays coming soon.</p>
        <p className="muted">Recordings will appear here once uploaded.</p>
      </div>
    );
  }
  const shown = limit === undefined ? replays : replays.slice(0, limit);
  return (
    <ul className={styles.replayList} aria-label="Replays">
      {shown.map((replay) => {
        const recorded = recordedLabel(replay.recordedAt, memberZone);
        const duration = durationLabel(replay.duration);
        return (
          <li key={replay.id} className={styles.replay}>
            <div className={styles.replayTitle}>{replay.title}</div>
            <div className={`${styles.replayMeta} muted`}>
              {recorded && <time dateTime={replay.recordedAt ?? undefined}>{recorded}</time>}
              {recorded && duration && <span aria-hidden="true"> · </span>}
              {duration && <span>{duration}</span>}
              {replay.mentor && <span> · with {replay.mentor}</span>}
            </div>
            {replay.topics.length > 0 && (
              <ul className={styles.replayTopics} aria-label="Topics">
                {replay.topics.map((topic) => (
                  <li key={topic}>{topic}</li>
                ))}
              </ul>
            )}
            <div className={styles.replayLinks}>
              {!replay.watchUrl && !replay.downloadUrl ? (
                <span className={styles.replaySoon}>Coming soon</span>
              ) : (
                <>
                  <ReplayLink href={replay.watchUrl} label="Watch" title={replay.title} />
                  <ReplayLink href={replay.downloadUrl} label="Download" title={replay.title} />
                </>
              )}
            </div>
            {replay.passcode && (replay.watchUrl || replay.downloadUrl) && (
              <div className={`${styles.replayMeta} muted`}>
                Passcode: <code>{replay.passcode}</code>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

import { useState } from 'react';
import { DateTime } from 'luxon';
import { longDateLabel, TRADE_TIME_ZONE } from '@th/domain';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { describeStatus } from '@/lib/api-client';
import { useInstrumentLevels } from '../api/get-instrument-levels';
import { groupLevels } from '../utils/group-levels';
import { InstrumentLevelsCard } from './instrument-levels-card';
import { LevelsFilter } from './levels-filter';
import styles from './levels.module.css';

/** Why a chosen date has no levels: markets do not trade on weekends; other days, say what may be. */
function emptyReason(date: string): string | null {
  const day = DateTime.fromISO(date, { zone: TRADE_TIME_ZONE });
  if (!day.isValid) return null;
  const label = longDateLabel(date);
  return day.weekday >= 6
    ? `${label} is a weekend: markets are closed, so there are no session levels. Choose a weekday.`
    : `Markets may have been closed on ${label} (a holiday), or its levels are not recorded yet.`;
}

/** The spec's words (tools §5.6), without the server's message. */
function errorText(error: unknown) {
  return describeStatus(error, (status) => (status === null ? 'Unable to retrieve instrument levels.' : `Failed to load levels (${status})`));
}

/** Levels Grabber: session highs and lows per instrument, for one date or the latest days. */
export function LevelsPage() {
  const [applied, setApplied] = useState('');
  const levels = useInstrumentLevels(applied || null);
  const cards = levels.data ? groupLevels(levels.data) : [];

  return (
    <>
      <Hero title="Levels Grabber" subtitle="Know your levels. Track their history. Anticipate reactions." />
      <LevelsFilter applied={applied} error={levels.error} onApply={setApplied} onReset={() => setApplied('')} />
      {levels.isPending ? (
        <Loading label="Loading levels…" />
      ) : levels.isError ? (
        <Alert tone="error">{errorText(levels.error)}</Alert>
      ) : cards.length === 0 ? (
        <div className={`${styles.empty} muted`}>
          <p>No levels found for the selected filters.</p>
          {applied && <p>{emptyReason(applied)}</p>}
        </div>
      ) : (
        <div className={styles.grid}>
          {cards.map((card) => (
            <InstrumentLevelsCard key={card.instrument} levels={card} />
          ))}
        </div>
      )}
    </>
  );
}

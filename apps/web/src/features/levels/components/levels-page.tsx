import { useState } from 'react';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { ApiError } from '@/lib/api-client';
import { useInstrumentLevels } from '../api/get-instrument-levels';
import { groupLevels } from '../utils/group-levels';
import { InstrumentLevelsCard } from './instrument-levels-card';
import { clampLevelsDate, LevelsFilter } from './levels-filter';
import './levels.css';

function errorText(error: unknown) {
  return error instanceof ApiError ? `Failed to load levels (${error.status})` : 'Unable to retrieve instrument levels.';
}

/** Levels Grabber: session highs and lows per instrument, for one date or the latest days. */
export function LevelsPage() {
  const [draft, setDraft] = useState('');
  const [applied, setApplied] = useState('');
  const levels = useInstrumentLevels(applied || null);
  const cards = levels.data ? groupLevels(levels.data) : [];

  return (
    <>
      <Hero title="Levels Grabber" subtitle="Know your levels. Track their history. Anticipate reactions." />
      <LevelsFilter
        draft={draft}
        applied={applied}
        onDraftChange={setDraft}
        onApply={() => {
          const date = clampLevelsDate(draft);
          setDraft(date);
          setApplied(date);
        }}
        onReset={() => {
          setDraft('');
          setApplied('');
        }}
      />
      {levels.isPending ? (
        <Loading label="Loading levels…" />
      ) : levels.isError ? (
        <Alert tone="error">{errorText(levels.error)}</Alert>
      ) : cards.length === 0 ? (
        <p className="levels-empty muted">No levels found for the selected filters.</p>
      ) : (
        <div className="levels-grid">
          {cards.map((card) => (
            <InstrumentLevelsCard key={card.instrument} levels={card} />
          ))}
        </div>
      )}
    </>
  );
}

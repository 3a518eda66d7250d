import { useMemo, useState } from 'react';
import { groupEventsByDay } from '@th/domain';
import { Alert } from '@/components/alert';
import { Hero } from '@/components/hero';
import { Loading } from '@/components/loading';
import { describeStatus } from '@/lib/api-client';
import { useMarketEvents } from '../api/get-market-events';
import { applyEventFilters, countryOptions, DEFAULT_EVENT_FILTERS, type EventFilters } from '../utils/event-filters';
import { EventDay } from './event-day';
import { EventFiltersForm } from './event-filters-form';
import styles from './market-events.module.css';

/** Trading tools §8.3 words a failure by its status alone. */
function errorText(error: unknown) {
  return describeStatus(error, (status) =>
    status === null ? 'Unable to retrieve market events.' : `Failed to load market events (${status})`,
  );
}

/** This week's economic calendar, grouped by day in the member's time zone. */
export function MarketEventsPage({ zone }: { zone: string }) {
  const [draft, setDraft] = useState<EventFilters>(DEFAULT_EVENT_FILTERS);
  const [applied, setApplied] = useState<EventFilters>(DEFAULT_EVENT_FILTERS);
  const events = useMarketEvents();
  const all = useMemo(() => events.data ?? [], [events.data]);
  const days = useMemo(() => groupEventsByDay(applyEventFilters(all, applied), zone), [all, applied, zone]);
  const countries = useMemo(() => countryOptions(all), [all]);
  const now = events.dataUpdatedAt || 0;

  return (
    <>
      <Hero title="Market Events" subtitle="This week's economic calendar across all impact levels." />
      <EventFiltersForm
        draft={draft}
        applied={applied}
        countries={countries}
        onDraftChange={setDraft}
        onApply={() => setApplied({ ...draft, search: draft.search.trim() })}
        onReset={() => {
          setDraft(DEFAULT_EVENT_FILTERS);
          setApplied(DEFAULT_EVENT_FILTERS);
        }}
      />
      <p className={`${styles.eventsZone} muted`}>Times are shown in {zone.replace(/_/g, ' ')}.</p>
      {events.isPending ? (
        <Loading label="Loading market events…" />
      ) : events.isError ? (
        <Alert tone="error">{errorText(events.error)}</Alert>
      ) : days.length === 0 ? (
        <p className={`${styles.eventsEmpty} muted`}>No market events found.</p>
      ) : (
        days.map((day) => <EventDay key={day.date || 'tba'} day={day} zone={zone} now={now} />)
      )}
    </>
  );
}

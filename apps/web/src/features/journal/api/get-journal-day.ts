import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JournalDayResponse } from '@th/contracts/journals';
import { api } from '@/lib/api-client';

export const getJournalDay = (date: string, signal?: AbortSignal) =>
  api.get<JournalDayResponse>(`/api/journals/days/${date}`, undefined, signal);

export const journalDayKeys = {
  all: ['journal-day'] as const,
  day: (date: string) => ['journal-day', date] as const,
};

export const journalDayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: journalDayKeys.day(date),
    queryFn: ({ signal }) => getJournalDay(date, signal),
  });

/** §5.4: journal details load only for dates of ten characters. */
export const useJournalDay = (date: string | null | undefined) =>
  useQuery({ ...journalDayQueryOptions(date ?? ''), enabled: typeof date === 'string' && date.length === 10 });

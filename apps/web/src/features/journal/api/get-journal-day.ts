import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

export const getJournalDay = (date: string, signal?: AbortSignal) =>
  api.call(entryEndpoints.getJournalDay, { params: { date }, signal });

export const journalDayQueryOptions = (date: string) =>
  queryOptions({
    queryKey: tradeDataKeys.journalDay(date),
    queryFn: ({ signal }) => getJournalDay(date, signal),
  });

/** §5.4: journal details load only for dates of ten characters. */
export const useJournalDay = (date: string | null | undefined) =>
  useQuery({
    ...journalDayQueryOptions(date ?? ''),
    enabled: typeof date === 'string' && date.length === 10,
  });

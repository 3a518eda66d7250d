import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

export const getJournalTags = (signal?: AbortSignal) => api.call(entryEndpoints.getJournalTags, { signal });

export const journalTagsQueryOptions = () =>
  queryOptions({
    queryKey: tradeDataKeys.journalTags,
    queryFn: ({ signal }) => getJournalTags(signal),
    staleTime: 60_000,
  });

/**
 * The member's own tags, most used first: suggested while tagging and offered by the trade log
 * filter. Asked for only once the member goes to a tag field (`wanted`), not with every form.
 */
export const useJournalTags = (wanted: boolean) => useQuery({ ...journalTagsQueryOptions(), enabled: wanted });

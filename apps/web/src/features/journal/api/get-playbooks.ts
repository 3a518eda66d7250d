import { queryOptions, useQuery } from '@tanstack/react-query';
import { entryEndpoints } from '@th/contracts/client';
import { api } from '@/lib/api-client';
import { tradeDataKeys } from '@/lib/trade-data';

/** The member's playbooks, to assign one to a trade and filter by it (managed on /tradedesk/playbooks). */
export const getPlaybooks = (signal?: AbortSignal) => api.call(entryEndpoints.listPlaybooks, { signal });

export const playbooksQueryOptions = () =>
  queryOptions({ queryKey: tradeDataKeys.playbooks, queryFn: ({ signal }) => getPlaybooks(signal), staleTime: 60_000 });

export const usePlaybooks = (wanted = true) => useQuery({ ...playbooksQueryOptions(), enabled: wanted });

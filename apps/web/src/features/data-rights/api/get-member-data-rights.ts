import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { dataRightsKeys } from './keys';

export const getMemberDataRights = async (id: string) =>
  (await api.call(dataRightsEndpoints.getMemberDataRights, { params: { id } })).data;

export const memberDataRightsQueryOptions = (id: string) =>
  queryOptions({ queryKey: dataRightsKeys.member(id), queryFn: () => getMemberDataRights(id) });

/** A member's archives and closure for staff; polled while something is in progress. */
export const useMemberDataRights = (id: string) =>
  useQuery({
    ...memberDataRightsQueryOptions(id),
    refetchInterval: (query) => {
      const data = query.state.data;
      const building = data?.exports.some((row) => row.status === 'queued' || row.status === 'running');
      const closing = data?.closure && (data.closure.status === 'erasing' || data.closure.steps.some((s) => !s.done_at));
      return building || (closing && data?.closure?.status !== 'restored') ? 3000 : false;
    },
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { dataRightsKeys } from './keys';

export const listDataExports = async () => (await api.call(dataRightsEndpoints.listDataExports)).data;

export const dataExportsQueryOptions = () => queryOptions({ queryKey: dataRightsKeys.exports, queryFn: listDataExports });

/** The member's archives; polled every two seconds while one is being built. */
export const useDataExports = () =>
  useQuery({
    ...dataExportsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((row) => row.status === 'queued' || row.status === 'running') ? 2000 : false,
  });

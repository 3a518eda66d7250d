import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedUploadRequest, ImportAnswer } from '@th/contracts';
import { staffContentEndpoints } from '@th/contracts/staff-content';
import { api } from '@/lib/api-client';

export const marketEventImportKeys = { list: () => ['staff', 'market-events', 'imports'] as const };

export const marketEventImportsQueryOptions = () =>
  queryOptions({
    queryKey: marketEventImportKeys.list(),
    queryFn: () => api.call(staffContentEndpoints.listEventImports),
  });
export const useMarketEventImports = () => useQuery(marketEventImportsQueryOptions());

function useImport<Input>(request: (input: Input) => Promise<ImportAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => void client.invalidateQueries({ queryKey: marketEventImportKeys.list() }),
  });
}

export const useUploadFeed = () =>
  useImport((input: FeedUploadRequest) =>
    api.call(staffContentEndpoints.uploadEventImport, { body: input }),
  );

export const useFetchFeed = () => useImport(() => api.call(staffContentEndpoints.fetchEventImport));

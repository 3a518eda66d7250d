import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedUploadRequest, ImportAnswer, MarketEventImportList } from '@th/contracts';
import { api } from '@/lib/api-client';

export const marketEventImportKeys = { list: () => ['staff', 'market-events', 'imports'] as const };

export const marketEventImportsQueryOptions = () =>
  queryOptions({
    queryKey: marketEventImportKeys.list(),
    queryFn: () => api.get<MarketEventImportList>('/api/staff/market-events/imports'),
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
  useImport((input: FeedUploadRequest) => api.post<ImportAnswer>('/api/staff/market-events/imports/upload', input));

export const useFetchFeed = () =>
  useImport(() => api.post<ImportAnswer>('/api/staff/market-events/imports/fetch'));

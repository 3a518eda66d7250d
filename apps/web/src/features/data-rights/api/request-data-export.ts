import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { dataRightsKeys } from './keys';

export const requestDataExport = () => api.call(dataRightsEndpoints.requestDataExport);

export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSettled: () => void client.invalidateQueries({ queryKey: dataRightsKeys.exports }),
  });
}

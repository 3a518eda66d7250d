import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { dataRightsKeys } from './keys';

export const staffRetryClosure = (id: string) => api.call(dataRightsEndpoints.staffRetryClosure, { params: { id } });

export function useStaffRetryClosure(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => staffRetryClosure(id),
    onSettled: () => void client.invalidateQueries({ queryKey: dataRightsKeys.member(id) }),
  });
}

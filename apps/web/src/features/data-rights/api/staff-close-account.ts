import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffCloseAccountRequest } from '@th/contracts';
import { dataRightsEndpoints } from '@th/contracts/data-rights';
import { api } from '@/lib/api-client';
import { dataRightsKeys } from './keys';

export const staffCloseAccount = (id: string, body: StaffCloseAccountRequest) =>
  api.call(dataRightsEndpoints.staffCloseAccount, { params: { id }, body });

export function useStaffCloseAccount(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCloseAccountRequest) => staffCloseAccount(id, body),
    onSettled: () => void client.invalidateQueries({ queryKey: dataRightsKeys.member(id) }),
  });
}

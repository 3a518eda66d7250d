import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskEndpoints } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

export const removeAccountRules = (accountId: string) => api.call(riskEndpoints.removeAccountRules, { params: { accountId } });

export function useRemoveAccountRules() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeAccountRules, onSuccess: () => void client.invalidateQueries({ queryKey: riskKeys.all }) });
}

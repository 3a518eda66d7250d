import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playbookEndpoints } from '@th/contracts/playbooks';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

export const deletePlaybook = (playbookId: string) => api.call(playbookEndpoints.deletePlaybook, { params: { playbookId } });

/** Its trades stay, without a playbook: the journal, trade log and reports read them again. */
export function useDeletePlaybook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePlaybook, onSuccess: () => void invalidateTradeData(client) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playbookEndpoints, type PlaybookRequest } from '@th/contracts/playbooks';
import { api } from '@/lib/api-client';
import { invalidateTradeData } from '@/lib/trade-data';

/** A new playbook when no id is given, else the whole playbook replaced. */
export const savePlaybook = ({ playbookId, body }: { playbookId: string | null; body: PlaybookRequest }) =>
  playbookId === null
    ? api.call(playbookEndpoints.createPlaybook, { body })
    : api.call(playbookEndpoints.updatePlaybook, { params: { playbookId }, body });

/** A renamed playbook reads differently in the journal, the trade log filter and the reports. */
export function useSavePlaybook() {
  const client = useQueryClient();
  return useMutation({ mutationFn: savePlaybook, onSuccess: () => void invalidateTradeData(client) });
}

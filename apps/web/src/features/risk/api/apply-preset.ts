import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskEndpoints } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

export const applyPreset = ({ presetId, accountIds }: { presetId: string; accountIds: string[] }) =>
  api.call(riskEndpoints.applyPreset, { params: { presetId }, body: { account_ids: accountIds } });

export function useApplyPreset() {
  const client = useQueryClient();
  return useMutation({ mutationFn: applyPreset, onSuccess: () => void client.invalidateQueries({ queryKey: riskKeys.all }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskEndpoints } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

export const deletePreset = (presetId: string) => api.call(riskEndpoints.deletePreset, { params: { presetId } });

export function useDeletePreset() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePreset, onSuccess: () => void client.invalidateQueries({ queryKey: riskKeys.all }) });
}

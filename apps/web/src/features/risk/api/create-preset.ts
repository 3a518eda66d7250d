import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskEndpoints, type RiskPresetRequest } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

export const createPreset = (body: RiskPresetRequest) => api.call(riskEndpoints.createPreset, { body });

export function useCreatePreset() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createPreset, onSuccess: () => void client.invalidateQueries({ queryKey: riskKeys.all }) });
}

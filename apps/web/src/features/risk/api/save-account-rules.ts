import { useMutation, useQueryClient } from '@tanstack/react-query';
import { riskEndpoints, type RiskRules } from '@th/contracts/risk';
import { api } from '@/lib/api-client';
import { riskKeys } from './keys';

export const saveAccountRules = ({ accountId, rules }: { accountId: string; rules: RiskRules }) =>
  api.call(riskEndpoints.saveAccountRules, { params: { accountId }, body: rules });

export function useSaveAccountRules() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveAccountRules, onSuccess: () => void client.invalidateQueries({ queryKey: riskKeys.all }) });
}

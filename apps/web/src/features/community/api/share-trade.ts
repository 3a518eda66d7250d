import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type ShareTradeRequest } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const shareTrade = (body: ShareTradeRequest) => api.call(communityEndpoints.shareTrade, { body });

export function useShareTrade() {
  const client = useQueryClient();
  return useMutation({ mutationFn: shareTrade, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const orderChannels = (channelIds: string[]) => api.call(communityEndpoints.orderChannels, { body: { channel_ids: channelIds } });

export function useOrderChannels() {
  const client = useQueryClient();
  return useMutation({ mutationFn: orderChannels, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.channels }) });
}

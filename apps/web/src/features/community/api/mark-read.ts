import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const markRead = (channelSlug: string) => api.call(communityEndpoints.markRead, { params: { channelSlug } });

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({ mutationFn: markRead, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.channels }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type CommunityChannelRequest } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

/** Creates a channel, or saves one when its id is given (staff). */
export const saveChannel = ({ channelId, body }: { channelId: string | null; body: CommunityChannelRequest }) =>
  channelId === null
    ? api.call(communityEndpoints.createChannel, { body })
    : api.call(communityEndpoints.updateChannel, { params: { channelId }, body });

export function useSaveChannel() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveChannel, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.all }) });
}

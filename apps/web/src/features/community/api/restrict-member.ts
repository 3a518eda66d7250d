import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type RestrictMemberRequest } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const restrictMember = ({ userId, body }: { userId: string; body: RestrictMemberRequest }) => api.call(communityEndpoints.restrictMember, { params: { userId }, body });

export function useRestrictMember() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restrictMember, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.restrictions }) });
}

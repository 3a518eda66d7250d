import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints, type RestrictionKind } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const liftRestriction = ({ userId, kind }: { userId: string; kind: RestrictionKind }) => api.call(communityEndpoints.liftRestriction, { params: { userId, kind } });

export function useLiftRestriction() {
  const client = useQueryClient();
  return useMutation({ mutationFn: liftRestriction, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.restrictions }) });
}

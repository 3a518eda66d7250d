import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityEndpoints } from '@th/contracts/community';
import { api } from '@/lib/api-client';
import { communityKeys } from './keys';

export const dismissReports = (postId: number) => api.call(communityEndpoints.dismissReports, { params: { postId } });

export function useDismissReports() {
  const client = useQueryClient();
  return useMutation({ mutationFn: dismissReports, onSuccess: () => void client.invalidateQueries({ queryKey: communityKeys.reports('open') }) });
}

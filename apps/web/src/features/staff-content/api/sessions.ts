import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffReplayInput, StaffSession, StaffSessionAnswer, StaffSessionInput } from '@th/contracts';
import { api } from '@/lib/api-client';

export const staffSessionKeys = {
  all: ['staff', 'live-sessions'] as const,
  list: () => ['staff', 'live-sessions', 'list'] as const,
  detail: (id: string) => ['staff', 'live-sessions', 'detail', id] as const,
};

export const staffSessionsQueryOptions = () =>
  queryOptions({
    queryKey: staffSessionKeys.list(),
    queryFn: async () => (await api.get<{ data: StaffSession[] }>('/api/staff/live-sessions')).data,
  });
export const useStaffSessions = () => useQuery(staffSessionsQueryOptions());

export const staffSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffSessionKeys.detail(id),
    queryFn: async () => (await api.get<{ data: StaffSession }>(`/api/staff/live-sessions/${id}`)).data,
  });
export const useStaffSession = (id: string, enabled = true) => useQuery({ ...staffSessionQueryOptions(id), enabled });

/** Every session change answers the session with its replays. */
function useSessionMutation<Input>(request: (input: Input) => Promise<StaffSessionAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      client.setQueryData(staffSessionKeys.detail(answer.data.id), answer.data);
      void client.invalidateQueries({ queryKey: staffSessionKeys.list() });
    },
  });
}

export const useSaveSession = (id: string | null) =>
  useSessionMutation((input: StaffSessionInput) =>
    id
      ? api.put<StaffSessionAnswer>(`/api/staff/live-sessions/${id}`, input)
      : api.post<StaffSessionAnswer>('/api/staff/live-sessions', input),
  );

export const useSetLiveFlag = (id: string) =>
  useSessionMutation((live: boolean) => api.put<StaffSessionAnswer>(`/api/staff/live-sessions/${id}/live`, { live }));

export const useSaveReplay = (sessionId: string) =>
  useSessionMutation(({ replayId, input }: { replayId: string | null; input: StaffReplayInput }) =>
    replayId
      ? api.put<StaffSessionAnswer>(`/api/staff/live-sessions/${sessionId}/replays/${replayId}`, input)
      : api.post<StaffSessionAnswer>(`/api/staff/live-sessions/${sessionId}/replays`, input),
  );

export const useDeleteReplay = (sessionId: string) =>
  useSessionMutation((replayId: string) =>
    api.delete<StaffSessionAnswer>(`/api/staff/live-sessions/${sessionId}/replays/${replayId}`),
  );

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffReplayInput, StaffSessionAnswer, StaffSessionInput } from '@th/contracts';
import { staffContentEndpoints } from '@th/contracts/staff-content';
import { api } from '@/lib/api-client';

export const staffSessionKeys = {
  all: ['staff', 'live-sessions'] as const,
  list: () => ['staff', 'live-sessions', 'list'] as const,
  detail: (id: string) => ['staff', 'live-sessions', 'detail', id] as const,
};

export const staffSessionsQueryOptions = () =>
  queryOptions({
    queryKey: staffSessionKeys.list(),
    queryFn: async () => (await api.call(staffContentEndpoints.listSessions)).data,
  });
export const useStaffSessions = () => useQuery(staffSessionsQueryOptions());

export const staffSessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffSessionKeys.detail(id),
    queryFn: async () =>
      (await api.call(staffContentEndpoints.getSession, { params: { sessionId: id } })).data,
  });
export const useStaffSession = (id: string, enabled = true) =>
  useQuery({ ...staffSessionQueryOptions(id), enabled });

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
      ? api.call(staffContentEndpoints.updateSession, { params: { sessionId: id }, body: input })
      : api.call(staffContentEndpoints.createSession, { body: input }),
  );

export const useSetLiveFlag = (id: string) =>
  useSessionMutation((live: boolean) =>
    api.call(staffContentEndpoints.setSessionLive, { params: { sessionId: id }, body: { live } }),
  );

export const useSaveReplay = (sessionId: string) =>
  useSessionMutation(({ replayId, input }: { replayId: string | null; input: StaffReplayInput }) =>
    replayId
      ? api.call(staffContentEndpoints.updateReplay, {
          params: { sessionId, replayId },
          body: input,
        })
      : api.call(staffContentEndpoints.addReplay, { params: { sessionId }, body: input }),
  );

export const useDeleteReplay = (sessionId: string) =>
  useSessionMutation((replayId: string) =>
    api.call(staffContentEndpoints.deleteReplay, { params: { sessionId, replayId } }),
  );

/** Who attended, from Zoom's participant events: one session's visits, or one member's. */
export const useSessionAttendance = (sessionId: string) =>
  useQuery({
    queryKey: [...staffSessionKeys.detail(sessionId), 'attendance'],
    queryFn: async () =>
      (await api.call(staffContentEndpoints.getSessionAttendance, { params: { sessionId } })).data,
  });

export const useMemberAttendance = (userId: string) =>
  useQuery({
    queryKey: [...staffSessionKeys.all, 'attendance', 'member', userId],
    queryFn: async () =>
      (await api.call(staffContentEndpoints.getMemberAttendance, { params: { userId } })).data,
  });

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMemberRequest,
  StaffMemberDetail,
  StaffMemberRow,
  UpdateMemberRequest,
  UpdateSubscriptionRequest,
} from '@th/contracts';
import { api } from '@/lib/api-client';

export type MemberFilters = { search: string; status: '' | 'active' | 'suspended'; page: number };

type MemberList = {
  data: StaffMemberRow[];
  meta: { page: number; per_page: number; total: number; total_pages: number };
};

export const staffMemberKeys = {
  all: ['staff', 'members'] as const,
  list: (filters: MemberFilters) => ['staff', 'members', 'list', filters] as const,
  detail: (id: string) => ['staff', 'members', 'detail', id] as const,
};

export const membersQueryOptions = (filters: MemberFilters) =>
  queryOptions({
    queryKey: staffMemberKeys.list(filters),
    queryFn: () => api.get<MemberList>('/api/staff/members', { ...filters, per_page: 25 }),
    placeholderData: keepPreviousData,
  });

export const useMembers = (filters: MemberFilters) => useQuery(membersQueryOptions(filters));

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffMemberKeys.detail(id),
    queryFn: async () => (await api.get<{ data: StaffMemberDetail }>(`/api/staff/members/${id}`)).data,
  });

export const useMember = (id: string) => useQuery(memberQueryOptions(id));

type MemberAnswer = { message: string; data: StaffMemberDetail };

/** Every member change answers the updated member; the list and the detail are refreshed. */
function useMemberMutation<Input>(request: (input: Input) => Promise<MemberAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      client.setQueryData(staffMemberKeys.detail(answer.data.id), answer.data);
      void client.invalidateQueries({ queryKey: staffMemberKeys.all });
    },
  });
}

export const useCreateMember = () =>
  useMemberMutation((input: CreateMemberRequest) => api.post<MemberAnswer>('/api/staff/members', input));

export const useUpdateMember = (id: string) =>
  useMemberMutation((input: UpdateMemberRequest) => api.patch<MemberAnswer>(`/api/staff/members/${id}`, input));

export const useSetRoles = (id: string) =>
  useMemberMutation((roles: string[]) => api.put<MemberAnswer>(`/api/staff/members/${id}/roles`, { roles }));

export const useSetSubscription = (id: string) =>
  useMemberMutation((input: UpdateSubscriptionRequest) =>
    api.put<MemberAnswer>(`/api/staff/members/${id}/subscription`, input),
  );

export const useSendAccessEmail = (id: string) =>
  useMutation({ mutationFn: () => api.post<{ message: string }>(`/api/staff/members/${id}/access-email`) });

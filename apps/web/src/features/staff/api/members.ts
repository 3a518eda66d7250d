import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CreateMemberRequest,
  StaffMemberDetail,
  UpdateMemberRequest,
  UpdateSubscriptionRequest,
} from '@th/contracts';
import { STAFF_ROLES, staffEndpoints } from '@th/contracts/staff';
import { api } from '@/lib/api-client';

export type MemberFilters = { search: string; status: '' | 'active' | 'suspended'; page: number };

export const staffMemberKeys = {
  all: ['staff', 'members'] as const,
  list: (filters: MemberFilters) => ['staff', 'members', 'list', filters] as const,
  detail: (id: string) => ['staff', 'members', 'detail', id] as const,
};

export const membersQueryOptions = (filters: MemberFilters) =>
  queryOptions({
    queryKey: staffMemberKeys.list(filters),
    queryFn: () =>
      api.call(staffEndpoints.listMembers, {
        query: { ...filters, status: filters.status || undefined, per_page: 25 },
      }),
    placeholderData: keepPreviousData,
  });

export const useMembers = (filters: MemberFilters) => useQuery(membersQueryOptions(filters));

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffMemberKeys.detail(id),
    queryFn: async () => (await api.call(staffEndpoints.getMember, { params: { id } })).data,
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
  useMemberMutation((input: CreateMemberRequest) =>
    api.call(staffEndpoints.createMember, { body: input }),
  );

export const useUpdateMember = (id: string) =>
  useMemberMutation((input: UpdateMemberRequest) =>
    api.call(staffEndpoints.updateMember, { params: { id }, body: input }),
  );

export const useSetRoles = (id: string) =>
  useMemberMutation((roles: string[]) =>
    // The roles the server knows, in their order; anything else it would refuse.
    api.call(staffEndpoints.setRoles, {
      params: { id },
      body: { roles: STAFF_ROLES.filter((role) => roles.includes(role)) },
    }),
  );

export const useSetSubscription = (id: string) =>
  useMemberMutation((input: UpdateSubscriptionRequest) =>
    api.call(staffEndpoints.setSubscription, { params: { id }, body: input }),
  );

export const useSendAccessEmail = (id: string) =>
  useMutation({ mutationFn: () => api.call(staffEndpoints.sendAccessEmail, { params: { id } }) });

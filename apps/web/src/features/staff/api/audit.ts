import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@th/contracts/staff';
import { api } from '@/lib/api-client';

export const auditQueryOptions = (page: number, subjectId?: string) =>
  queryOptions({
    queryKey: ['staff', 'audit', page, subjectId ?? null] as const,
    queryFn: () =>
      api.call(staffEndpoints.listAudit, {
        query: subjectId ? { page, subject_type: 'member', subject_id: subjectId } : { page },
      }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (page: number, subjectId?: string) =>
  useQuery(auditQueryOptions(page, subjectId));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@th/contracts';
import { api } from '@/lib/api-client';

type AuditList = { data: AuditEntry[]; meta: { page: number; total: number; total_pages: number } };

export const auditQueryOptions = (page: number, subjectId?: string) =>
  queryOptions({
    queryKey: ['staff', 'audit', page, subjectId ?? null] as const,
    queryFn: () =>
      api.get<AuditList>('/api/staff/audit', subjectId ? { page, subject_type: 'member', subject_id: subjectId } : { page }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (page: number, subjectId?: string) => useQuery(auditQueryOptions(page, subjectId));

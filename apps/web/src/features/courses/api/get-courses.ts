import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseSummary } from '@th/contracts';
import { courseEndpoints } from '@th/contracts/courses';
import { api } from '@/lib/api-client';

/** The list may come under `data` or as a bare array (spec §7). */
export async function getCourses(signal?: AbortSignal): Promise<CourseSummary[]> {
  const body = await api.call(courseEndpoints.getCourses, { signal });
  return Array.isArray(body) ? body : (body?.data ?? []);
}

export const coursesQueryKey = ['courses'] as const;

export const coursesQueryOptions = () =>
  queryOptions({ queryKey: coursesQueryKey, queryFn: ({ signal }) => getCourses(signal) });

export const useCourses = () => useQuery(coursesQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseSummary } from '@th/contracts';
import { courseEndpoints } from '@th/contracts/courses';
import { api } from '@/lib/api-client';

export async function getCourses(signal?: AbortSignal): Promise<CourseSummary[]> {
  const body = await api.call(courseEndpoints.getCourses, { signal });
  return Array.isArray(body) ? body : body.data;
}

export const dashboardCoursesQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'courses'] as const,
    queryFn: ({ signal }) => getCourses(signal),
    staleTime: 60_000,
  });

export const useDashboardCourses = () => useQuery(dashboardCoursesQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail } from '@th/contracts';
import { courseEndpoints } from '@th/contracts/courses';
import { api } from '@/lib/api-client';

export async function getCourse(slug: string, signal?: AbortSignal): Promise<CourseDetail> {
  const body = await api.call(courseEndpoints.getCourse, { params: { courseSlug: slug }, signal });
  return 'data' in body ? body.data : body;
}

export const dashboardCourseQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['dashboard', 'course', slug] as const,
    queryFn: ({ signal }) => getCourse(slug, signal),
    staleTime: 60_000,
  });

/** Only once the course to continue is known. */
export const useDashboardCourse = (slug: string | null) =>
  useQuery({ ...dashboardCourseQueryOptions(slug ?? ''), enabled: Boolean(slug) });

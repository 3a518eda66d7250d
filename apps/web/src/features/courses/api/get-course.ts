import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail } from '@th/contracts';
import { courseEndpoints } from '@th/contracts/courses';
import { api } from '@/lib/api-client';
import { coursesQueryKey } from './get-courses';

/** One course with its lessons, bare or under `data` (spec §7). */
export async function getCourse(slug: string, signal?: AbortSignal): Promise<CourseDetail> {
  const body = await api.call(courseEndpoints.getCourse, { params: { courseSlug: slug }, signal });
  const course = 'data' in body ? body.data : body;
  return { ...course, modules: course.modules ?? [] };
}

export const courseQueryKey = (slug: string) => [...coursesQueryKey, slug] as const;

export const courseQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: courseQueryKey(slug),
    queryFn: ({ signal }) => getCourse(slug, signal),
  });

export const useCourse = (slug: string) => useQuery(courseQueryOptions(slug));

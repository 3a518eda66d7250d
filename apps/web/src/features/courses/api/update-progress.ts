import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, UpdateProgressResponse } from '@th/contracts';
import { completeModule, moduleKey } from '@th/domain';
import { courseEndpoints } from '@th/contracts/courses';
import { api } from '@/lib/api-client';
import { coursesQueryKey } from './get-courses';
import { courseQueryKey } from './get-course';

type Progress = UpdateProgressResponse['data'];

export async function completeLesson(courseSlug: string, moduleSlug: string): Promise<Progress> {
  const body = await api.call(courseEndpoints.updateProgress, {
    params: { courseSlug, moduleSlug },
    body: { completed: true },
  });
  return 'data' in body ? body.data : body;
}

/**
 * Marks a lesson complete. The cached course is updated at once with the viewer rules
 * (completing unlocks the next locked lesson), taking the unlocked lesson's content from the
 * answer, then refreshed from the server.
 */
export function useCompleteLesson(courseSlug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleSlug: string) => completeLesson(courseSlug, moduleSlug),
    onSuccess: async (progress, moduleSlug) => {
      queryClient.setQueryData<CourseDetail>(courseQueryKey(courseSlug), (course) => {
        if (!course) return course;
        const result = completeModule(course.modules, moduleSlug, progress.completed_at);
        const fromServer = progress.next_module;
        const modules = result.modules.map((m) =>
          fromServer && moduleKey(m) === moduleKey(fromServer) && fromServer.status !== 'locked'
            ? fromServer
            : m,
        );
        return { ...course, modules, progress_percent: progress.course_progress_percent };
      });
      await queryClient.invalidateQueries({ queryKey: coursesQueryKey });
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MoveRequest,
  StaffCourse,
  StaffCourseAnswer,
  StaffCourseInput,
  StaffLesson,
  StaffLessonAnswer,
  StaffLessonInput,
} from '@th/contracts';
import { api } from '@/lib/api-client';

export const staffCourseKeys = {
  all: ['staff', 'courses'] as const,
  list: () => ['staff', 'courses', 'list'] as const,
  detail: (id: string) => ['staff', 'courses', 'detail', id] as const,
  lesson: (courseId: string, lessonId: string) => ['staff', 'courses', 'detail', courseId, 'lesson', lessonId] as const,
};

export const staffCoursesQueryOptions = () =>
  queryOptions({
    queryKey: staffCourseKeys.list(),
    queryFn: async () => (await api.get<{ data: StaffCourse[] }>('/api/staff/courses')).data,
  });
export const useStaffCourses = () => useQuery(staffCoursesQueryOptions());

export const staffCourseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffCourseKeys.detail(id),
    queryFn: async () => (await api.get<{ data: StaffCourse }>(`/api/staff/courses/${id}`)).data,
  });
export const useStaffCourse = (id: string) => useQuery(staffCourseQueryOptions(id));

export const staffLessonQueryOptions = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: staffCourseKeys.lesson(courseId, lessonId),
    queryFn: async () => (await api.get<{ data: StaffLesson }>(`/api/staff/courses/${courseId}/lessons/${lessonId}`)).data,
  });
export const useStaffLesson = (courseId: string, lessonId: string, enabled = true) =>
  useQuery({ ...staffLessonQueryOptions(courseId, lessonId), enabled });

/** Course changes answer the course; the list and the detail refresh (members' views too). */
function useCourseMutation<Input>(request: (input: Input) => Promise<StaffCourseAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      client.setQueryData(staffCourseKeys.detail(answer.data.id), answer.data);
      void client.invalidateQueries({ queryKey: staffCourseKeys.list() });
    },
  });
}

export const useCreateCourse = () =>
  useCourseMutation((input: StaffCourseInput) => api.post<StaffCourseAnswer>('/api/staff/courses', input));

export const useUpdateCourse = (id: string) =>
  useCourseMutation((input: StaffCourseInput) => api.put<StaffCourseAnswer>(`/api/staff/courses/${id}`, input));

export const useMoveLesson = (courseId: string) =>
  useCourseMutation(({ lessonId, direction }: { lessonId: string } & MoveRequest) =>
    api.post<StaffCourseAnswer>(`/api/staff/courses/${courseId}/lessons/${lessonId}/move`, { direction }),
  );

/** Saves a lesson (creates it without an id); the course's lesson list refreshes. */
export function useSaveLesson(courseId: string, lessonId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffLessonInput) =>
      lessonId
        ? api.put<StaffLessonAnswer>(`/api/staff/courses/${courseId}/lessons/${lessonId}`, input)
        : api.post<StaffLessonAnswer>(`/api/staff/courses/${courseId}/lessons`, input),
    onSuccess: (answer) => {
      client.setQueryData(staffCourseKeys.lesson(courseId, answer.data.id), answer.data);
      void client.invalidateQueries({ queryKey: staffCourseKeys.detail(courseId), exact: true });
      void client.invalidateQueries({ queryKey: staffCourseKeys.list() });
    },
  });
}

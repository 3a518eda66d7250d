import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MoveRequest,
  StaffCourseAnswer,
  StaffCourseInput,
  StaffLessonInput,
} from '@th/contracts';
import { staffContentEndpoints } from '@th/contracts/staff-content';
import { api } from '@/lib/api-client';

export const staffCourseKeys = {
  all: ['staff', 'courses'] as const,
  list: () => ['staff', 'courses', 'list'] as const,
  detail: (id: string) => ['staff', 'courses', 'detail', id] as const,
  lesson: (courseId: string, lessonId: string) =>
    ['staff', 'courses', 'detail', courseId, 'lesson', lessonId] as const,
};

export const staffCoursesQueryOptions = () =>
  queryOptions({
    queryKey: staffCourseKeys.list(),
    queryFn: async () => (await api.call(staffContentEndpoints.listCourses)).data,
  });
export const useStaffCourses = () => useQuery(staffCoursesQueryOptions());

export const staffCourseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffCourseKeys.detail(id),
    queryFn: async () =>
      (await api.call(staffContentEndpoints.getCourse, { params: { courseId: id } })).data,
  });
export const useStaffCourse = (id: string) => useQuery(staffCourseQueryOptions(id));

export const staffLessonQueryOptions = (courseId: string, lessonId: string) =>
  queryOptions({
    queryKey: staffCourseKeys.lesson(courseId, lessonId),
    queryFn: async () =>
      (await api.call(staffContentEndpoints.getLesson, { params: { courseId, lessonId } })).data,
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
  useCourseMutation((input: StaffCourseInput) =>
    api.call(staffContentEndpoints.createCourse, { body: input }),
  );

export const useUpdateCourse = (id: string) =>
  useCourseMutation((input: StaffCourseInput) =>
    api.call(staffContentEndpoints.updateCourse, { params: { courseId: id }, body: input }),
  );

export const useMoveLesson = (courseId: string) =>
  useCourseMutation(({ lessonId, direction }: { lessonId: string } & MoveRequest) =>
    api.call(staffContentEndpoints.moveLesson, {
      params: { courseId, lessonId },
      body: { direction },
    }),
  );

/** Saves a lesson (creates it without an id); the course's lesson list refreshes. */
export function useSaveLesson(courseId: string, lessonId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffLessonInput) =>
      lessonId
        ? api.call(staffContentEndpoints.updateLesson, {
            params: { courseId, lessonId },
            body: input,
          })
        : api.call(staffContentEndpoints.createLesson, { params: { courseId }, body: input }),
    onSuccess: (answer) => {
      client.setQueryData(staffCourseKeys.lesson(courseId, answer.data.id), answer.data);
      void client.invalidateQueries({ queryKey: staffCourseKeys.detail(courseId), exact: true });
      void client.invalidateQueries({ queryKey: staffCourseKeys.list() });
    },
  });
}

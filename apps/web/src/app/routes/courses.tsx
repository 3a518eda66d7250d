import { Hero } from '@/components/hero';
import { CourseList } from '@/features/courses/components/course-list';

export function Component() {
  return (
    <>
      <Hero title="Education Courses" subtitle="Structured lessons from setup to strategy. Finish a lesson to unlock the next." />
      <CourseList />
    </>
  );
}

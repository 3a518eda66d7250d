import { useNavigate } from 'react-router';
import { Card } from '@/components/card';
import { Hero } from '@/components/hero';
import { CourseForm } from '@/features/staff-content/components/course-form';
import { CourseList } from '@/features/staff-content/components/course-list';
import { paths } from '@/config/paths';

export function Component() {
  const navigate = useNavigate();
  return (
    <>
      <Hero title="Courses" subtitle="Write and order the lessons members learn from. Drafts stay hidden until you publish them." />
      <Card>
        <CourseList />
      </Card>
      <Card title="New course">
        <CourseForm onCreated={(course) => void navigate(paths.staffCourse(course.id))} />
      </Card>
    </>
  );
}

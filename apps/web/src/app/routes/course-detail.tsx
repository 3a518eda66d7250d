import { useParams } from 'react-router';
import { CourseViewer } from '@/features/courses/components/course-viewer';

export function Component() {
  const { courseSlug = '', moduleSlug } = useParams();
  return <CourseViewer key={courseSlug} courseSlug={courseSlug} moduleSlug={moduleSlug} />;
}

import { CourseCatalogue } from '@/components/courses/course-levels';
import { courseFormats, diplomaCopy, diplomas } from '@/content/courses';
import { pageMetadata } from '@/lib/seo';

const path = '/institute/diploma-courses';
export const metadata = pageMetadata(path);

export default function DiplomaCoursesPage() {
  return <CourseCatalogue path={path} copy={diplomaCopy} levels={diplomas} format={courseFormats.diploma} />;
}

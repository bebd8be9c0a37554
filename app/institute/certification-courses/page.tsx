import { CourseCatalogue } from '@/components/courses/course-levels';
import { certificationCopy, certificationLevels, courseFormats } from '@/content/courses';
import { pageMetadata } from '@/lib/seo';

const path = '/institute/certification-courses';
export const metadata = pageMetadata(path);

export default function CertificationCoursesPage() {
  return (
    <CourseCatalogue
      path={path}
      copy={certificationCopy}
      levels={certificationLevels}
      format={courseFormats.certification}
      namedByPage
    />
  );
}

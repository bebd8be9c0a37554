import { CourseHeader, CourseLevels } from '@/components/courses/course-levels';
import { JsonLd } from '@/components/ui/json-ld';
import { diplomaCopy, diplomas } from '@/content/courses';
import { prices } from '@/content/prices';
import { getEnv } from '@/lib/env';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { courseJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

const path = '/institute/diploma-courses';
export const metadata = pageMetadata(path);

export default function DiplomaCoursesPage() {
  const studio = getStudio();
  const siteUrl = getEnv().SITE_URL;
  const courses = diplomas.map((diploma) =>
    courseJsonLd({
      name: diploma.name,
      description: diploma.summary,
      url: absoluteUrl(path),
      studio,
      siteUrl,
      feePaise: prices.courseRegistration,
    }),
  );
  return (
    <>
      <JsonLd data={courses} />
      <CourseHeader eyebrow={diplomaCopy.eyebrow} heading={diplomaCopy.heading} lead={diplomaCopy.lead} />
      <CourseLevels levels={diplomas} enroll={diplomaCopy.enroll} />
    </>
  );
}

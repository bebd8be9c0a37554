import { CourseHeader, CourseLevels } from '@/components/courses/course-levels';
import { JsonLd } from '@/components/ui/json-ld';
import { courseFormats, diplomaCopy, diplomas } from '@/content/courses';
import { prices } from '@/content/prices';
import { getEnv } from '@/lib/env';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { courseListJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

const path = '/institute/diploma-courses';
export const metadata = pageMetadata(path);

export default function DiplomaCoursesPage() {
  const courses = courseListJsonLd({
    courses: diplomas,
    pageUrl: absoluteUrl(path),
    studio: getStudio(),
    siteUrl: getEnv().SITE_URL,
    feePaise: prices.courseRegistration,
    format: courseFormats.diploma,
  });
  return (
    <>
      <JsonLd data={courses} />
      <CourseHeader eyebrow={diplomaCopy.eyebrow} heading={diplomaCopy.heading} lead={diplomaCopy.lead} />
      <CourseLevels levels={diplomas} enroll={diplomaCopy.enroll} />
    </>
  );
}

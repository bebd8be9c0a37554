import { CourseHeader, CourseLevels } from '@/components/courses/course-levels';
import { JsonLd } from '@/components/ui/json-ld';
import { certificationCopy, certificationLevels, courseFormats } from '@/content/courses';
import { prices } from '@/content/prices';
import { getEnv } from '@/lib/env';
import { routeFor } from '@/lib/routes';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { courseListJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

const path = '/institute/certification-courses';
export const metadata = pageMetadata(path);

export default function CertificationCoursesPage() {
  const courses = courseListJsonLd({
    courses: certificationLevels.map((level) => ({ ...level, name: `${routeFor(path).title}: ${level.name}` })),
    pageUrl: absoluteUrl(path),
    studio: getStudio(),
    siteUrl: getEnv().SITE_URL,
    feePaise: prices.courseRegistration,
    format: courseFormats.certification,
  });
  return (
    <>
      <JsonLd data={courses} />
      <CourseHeader
        eyebrow={certificationCopy.eyebrow}
        heading={certificationCopy.heading}
        lead={certificationCopy.lead}
      />
      <CourseLevels levels={certificationLevels} enroll={certificationCopy.enroll} />
    </>
  );
}

import { CourseHeader, CourseLevels } from '@/components/courses/course-levels';
import { JsonLd } from '@/components/ui/json-ld';
import { certificationCopy, certificationLevels } from '@/content/courses';
import { prices } from '@/content/prices';
import { routeFor } from '@/lib/routes';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { courseJsonLd } from '@/lib/structured-data';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';

const path = '/institute/certification-courses';
export const metadata = pageMetadata(path);

export default function CertificationCoursesPage() {
  const studio = getStudio();
  const siteUrl = getEnv().SITE_URL;
  const courses = certificationLevels.map((level) =>
    courseJsonLd({
      name: `${routeFor(path).title}: ${level.name}`,
      description: level.summary,
      url: absoluteUrl(path),
      studio,
      siteUrl,
      feePaise: prices.courseRegistration,
    }),
  );
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

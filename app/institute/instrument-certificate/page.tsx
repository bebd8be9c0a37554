import { CourseHeader } from '@/components/courses/course-levels';
import { InstrumentList } from '@/components/courses/instrument-list';
import { instrumentCopy, instruments } from '@/content/courses';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/institute/instrument-certificate');

export default function InstrumentCoursesPage() {
  return (
    <>
      <CourseHeader eyebrow={instrumentCopy.eyebrow} heading={instrumentCopy.heading} lead={instrumentCopy.lead} />
      <InstrumentList instruments={instruments} comingSoon={instrumentCopy.comingSoon} />
    </>
  );
}

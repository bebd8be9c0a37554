import { CertificationSection } from '@/components/forms/certification-section';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/institute/Music-course-form');

export default function MusicCourseFormPage() {
  return <CertificationSection endpoint={getEnv().FORM_ENDPOINT_CERTIFICATION} />;
}

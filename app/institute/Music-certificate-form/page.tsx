import { CertificationSection } from '@/components/forms/certification-section';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/institute/Music-certificate-form');

export default function MusicCertificateFormPage() {
  return <CertificationSection endpoint={getEnv().FORM_ENDPOINT_CERTIFICATION} />;
}

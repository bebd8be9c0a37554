import { LegalDocumentView } from '@/components/legal/legal-document';
import { privacyPolicyFor } from '@/content/legal';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/privacy-policy');

export default function PrivacyPolicyPage() {
  const studio = getStudio();
  return <LegalDocumentView doc={privacyPolicyFor(studio.grievance)} studio={studio} />;
}

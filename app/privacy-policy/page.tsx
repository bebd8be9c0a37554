import { LegalDocumentView } from '@/components/legal/legal-document';
import { privacyPolicy } from '@/content/legal';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/privacy-policy');

export default function PrivacyPolicyPage() {
  return <LegalDocumentView doc={privacyPolicy} studio={getStudio()} />;
}

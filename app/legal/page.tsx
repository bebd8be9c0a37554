import { LegalDocumentView } from '@/components/legal/legal-document';
import { legalGuidelines } from '@/content/legal';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/legal');

export default function LegalPage() {
  return <LegalDocumentView doc={legalGuidelines} studio={getStudio()} />;
}

import { LegalDocumentView } from '@/components/legal/legal-document';
import { masterclassTerms } from '@/content/forms/masterclass-terms';
import { refundMailSubject } from '@/content/legal';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/masterClass-Terms');

export default function MasterclassTermsPage() {
  return <LegalDocumentView doc={masterclassTerms} studio={getStudio()} mailSubject={refundMailSubject} />;
}

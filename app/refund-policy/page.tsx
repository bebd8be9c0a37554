import { LegalDocumentView } from '@/components/legal/legal-document';
import { VisitDate } from '@/components/legal/visit-date';
import { refundMailSubject, refundPolicy } from '@/content/legal';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/refund-policy');

export default function RefundPolicyPage() {
  const dateLine = (
    <p>
      <strong>Last Updated:</strong> <VisitDate buildDate={new Date().toISOString().slice(0, 10)} />
    </p>
  );
  return (
    <LegalDocumentView doc={refundPolicy} studio={getStudio()} dateLine={dateLine} mailSubject={refundMailSubject} />
  );
}

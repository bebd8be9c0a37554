import { CoursePayment } from '@/components/payment/course-payment';
import { PaymentPage } from '@/components/payment/payment-page';
import { coursePaymentCopy as copy, manualFlowCopy } from '@/content/payments';
import { prices } from '@/content/prices';
import { withGst } from '@/lib/payments/money';
import { feeText } from '@/lib/payments/text';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/institute/course-payment');

export default function CoursePaymentPage() {
  const studio = getStudio();
  const price = withGst(prices.courseRegistration);
  return (
    <PaymentPage
      eyebrow={copy.eyebrow}
      heading={copy.heading}
      lead={copy.lead}
      details={[feeText(copy.feeText, price), copy.feeValidity]}
      price={price}
      summaryHeading={copy.summaryHeading}
      baseLabel={copy.baseLabel}
      upiId={studio.upi.id}
      confirmation={manualFlowCopy.confirmCourse}
    >
      <CoursePayment
        upiId={studio.upi.id}
        payeeName={studio.upi.payeeName}
        studioName={studio.name}
        whatsapp={studio.whatsapp}
        totalPaise={price.total}
      />
    </PaymentPage>
  );
}

import type { Studio } from '@/content/studio';
import { coursePaymentCopy, manualFlowCopy, masterclassPaymentCopy } from '@/content/payments';
import { prices } from '@/content/prices';
import { withGst } from '@/lib/payments/money';
import { feeText } from '@/lib/payments/text';
import { CoursePayment } from './course-payment';
import { MasterclassPayment } from './masterclass-payment';
import type { Navigate } from './navigate';
import { PaymentPage } from './payment-page';

export interface PaymentScreenProps {
  studio: Pick<Studio, 'name' | 'whatsapp' | 'upi'>;
  /** Only tests pass this; the browser's own navigation is the default. */
  navigate?: Navigate;
}

function payeeOf(studio: PaymentScreenProps['studio']) {
  return { upiId: studio.upi.id, payeeName: studio.upi.payeeName, studioName: studio.name, whatsapp: studio.whatsapp };
}

/** /payment: the masterclass fee (₹99 + GST), Step 1 options, Step 2 chat, and how confirmation works. */
export function MasterclassPaymentScreen({ studio, navigate }: PaymentScreenProps) {
  const copy = masterclassPaymentCopy;
  const price = withGst(prices.masterclass);
  return (
    <PaymentPage
      eyebrow={copy.eyebrow}
      heading={copy.heading}
      lead={copy.lead}
      price={price}
      summaryHeading={copy.summaryHeading}
      baseLabel={copy.baseLabel}
      upiId={studio.upi.id}
      confirmation={manualFlowCopy.confirmMasterclass}
    >
      <MasterclassPayment {...payeeOf(studio)} totalPaise={price.total} {...(navigate ? { navigate } : {})} />
    </PaymentPage>
  );
}

/** /institute/course-payment: the registration fee (999 INR + 18% GST), Step 1 pay, Step 2 details. */
export function CoursePaymentScreen({ studio, navigate }: PaymentScreenProps) {
  const copy = coursePaymentCopy;
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
      <CoursePayment {...payeeOf(studio)} totalPaise={price.total} {...(navigate ? { navigate } : {})} />
    </PaymentPage>
  );
}

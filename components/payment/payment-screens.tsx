import type { Studio } from '@/content/studio';
import { coursePaymentCopy, manualFlowCopy, masterclassPaymentCopy } from '@/content/payments';
import { prices } from '@/content/prices';
import { withGst, type PriceWithGst } from '@/lib/payments/money';
import { pricedPayableOfKind, type PricedKind } from '@/lib/payments/payables';
import { feeText } from '@/lib/payments/text';
import type { Navigate } from './navigate';
import { PaymentPage } from './payment-page';
import { PaymentSteps } from './payment-steps';

export interface PaymentScreenProps {
  studio: Pick<Studio, 'name' | 'whatsapp' | 'upi'>;
  /** Only tests pass this; the browser's own navigation is the default. */
  navigate?: Navigate;
}

/** What each payment page charges and says around its steps. */
const screens = {
  masterclass: {
    copy: masterclassPaymentCopy,
    details: (): string[] => [],
    confirmation: manualFlowCopy.confirmMasterclass,
  },
  course: {
    copy: coursePaymentCopy,
    details: (price: PriceWithGst) => [feeText(coursePaymentCopy.feeText, price), coursePaymentCopy.feeValidity],
    confirmation: manualFlowCopy.confirmCourse,
  },
} as const satisfies Record<PricedKind, unknown>;

/** A payment page: the heading, the fee with GST, the steps and how confirmation works. */
function PaymentScreen({ kind, studio, navigate }: PaymentScreenProps & { kind: PricedKind }) {
  const { copy, details, confirmation } = screens[kind];
  const price = withGst(prices[pricedPayableOfKind(kind).supply.price]);
  return (
    <PaymentPage
      eyebrow={copy.eyebrow}
      heading={copy.heading}
      lead={copy.lead}
      details={details(price)}
      price={price}
      summaryHeading={copy.summaryHeading}
      baseLabel={copy.baseLabel}
      upiId={studio.upi.id}
      confirmation={confirmation}
    >
      <PaymentSteps
        kind={kind}
        upiId={studio.upi.id}
        payeeName={studio.upi.payeeName}
        studioName={studio.name}
        whatsapp={studio.whatsapp}
        totalPaise={price.total}
        {...(navigate ? { navigate } : {})}
      />
    </PaymentPage>
  );
}

/** /payment: the masterclass fee (₹99 + GST), Step 1 options, Step 2 chat, and how confirmation works. */
export function MasterclassPaymentScreen(props: PaymentScreenProps) {
  return <PaymentScreen kind="masterclass" {...props} />;
}

/** /institute/course-payment: the registration fee (999 INR + 18% GST), Step 1 pay, Step 2 details. */
export function CoursePaymentScreen(props: PaymentScreenProps) {
  return <PaymentScreen kind="course" {...props} />;
}

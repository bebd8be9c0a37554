import { MasterclassPayment } from '@/components/payment/masterclass-payment';
import { PaymentPage } from '@/components/payment/payment-page';
import { manualFlowCopy, masterclassPaymentCopy as copy } from '@/content/payments';
import { prices } from '@/content/prices';
import { withGst } from '@/lib/payments/money';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/payment');

export default function MasterclassPaymentPage() {
  const studio = getStudio();
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
      <MasterclassPayment
        upiId={studio.upi.id}
        payeeName={studio.upi.payeeName}
        studioName={studio.name}
        whatsapp={studio.whatsapp}
        totalPaise={price.total}
      />
    </PaymentPage>
  );
}

import { MasterclassPaymentScreen } from '@/components/payment/payment-screens';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/payment');

export default function MasterclassPaymentPage() {
  return <MasterclassPaymentScreen studio={getStudio()} />;
}

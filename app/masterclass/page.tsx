import { MasterclassSignup } from '@/components/forms/masterclass-signup';
import { prices } from '@/content/prices';
import { getEnv } from '@/lib/env';
import { formatRupees } from '@/lib/payments/money';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/masterclass');

export default function MasterclassPage() {
  return <MasterclassSignup price={formatRupees(prices.masterclass)} endpoint={getEnv().FORM_ENDPOINT_MASTERCLASS} />;
}

import { CertificateOverview } from '@/components/forms/certificate-overview';
import { GST_RATE_PERCENT, prices } from '@/content/prices';
import { formatRupees } from '@/lib/payments/money';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/institute/Music-certificate');

export default function MusicCertificatePage() {
  return <CertificateOverview fee={formatRupees(prices.courseRegistration)} gstPercent={GST_RATE_PERCENT} />;
}

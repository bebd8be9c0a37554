import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/record');

export default function RecordPage() {
  return <ServicePage route="/record" />;
}

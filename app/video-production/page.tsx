import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/video-production');

export default function VideoProductionPage() {
  return <ServicePage route="/video-production" />;
}

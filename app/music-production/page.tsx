import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/music-production');

export default function MusicProductionPage() {
  return <ServicePage route="/music-production" />;
}

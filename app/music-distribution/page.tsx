import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/music-distribution');

export default function MusicDistributionPage() {
  return <ServicePage route="/music-distribution" />;
}

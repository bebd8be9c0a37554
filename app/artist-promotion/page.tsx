import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/artist-promotion');

export default function ArtistPromotionPage() {
  return <ServicePage route="/artist-promotion" />;
}

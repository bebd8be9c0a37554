import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/artist-management');

export default function ArtistManagementPage() {
  return <ServicePage route="/artist-management" />;
}

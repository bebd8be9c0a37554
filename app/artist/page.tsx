import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/artist');

export default function ArtistPage() {
  return <ServicePage route="/artist" />;
}

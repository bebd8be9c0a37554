import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/pro-music-production');

export default function ProMusicProductionPage() {
  return <ServicePage route="/pro-music-production" />;
}

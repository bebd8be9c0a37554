import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/pro-sound-design');

export default function ProSoundDesignPage() {
  return <ServicePage route="/pro-sound-design" />;
}

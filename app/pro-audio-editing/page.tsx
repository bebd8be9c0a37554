import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/pro-audio-editing');

export default function ProAudioEditingPage() {
  return <ServicePage route="/pro-audio-editing" />;
}

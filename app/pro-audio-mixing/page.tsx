import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/pro-audio-mixing');

export default function ProAudioMixingPage() {
  return <ServicePage route="/pro-audio-mixing" />;
}

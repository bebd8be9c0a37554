import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/pro-audio-mastering');

export default function ProAudioMasteringPage() {
  return <ServicePage route="/pro-audio-mastering" />;
}

import { ServicePage } from '@/components/services/service-page';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/pro-audio-recording');

export default function ProAudioRecordingPage() {
  return <ServicePage route="/pro-audio-recording" />;
}

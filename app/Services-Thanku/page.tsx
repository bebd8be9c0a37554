import { ThankYouPanel } from '@/components/thank-you/thank-you-panel';
import { serviceRequestThanks } from '@/content/thank-you';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/Services-Thanku');

export default function ServicesThankYouPage() {
  return <ThankYouPanel copy={serviceRequestThanks} studio={getStudio()} />;
}

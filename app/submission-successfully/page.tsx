import { ThankYouPanel } from '@/components/thank-you/thank-you-panel';
import { registrationThanks } from '@/content/thank-you';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/submission-successfully');

export default function SubmissionSuccessfullyPage() {
  return <ThankYouPanel copy={registrationThanks} studio={getStudio()} />;
}

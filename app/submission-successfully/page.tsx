import { RegistrationThanks } from '@/components/thank-you/registration-thanks';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/submission-successfully');

export default function SubmissionSuccessfullyPage() {
  return <RegistrationThanks studio={getStudio()} />;
}

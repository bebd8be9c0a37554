import { ThankYouPanel } from '@/components/thank-you/thank-you-panel';
import { courseThanks } from '@/content/thank-you';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/submission-successfully/course');

/** After "I've Sent My Details" on the course payment page: its own static page, right without JavaScript. */
export default function CourseThankYouPage() {
  return <ThankYouPanel copy={courseThanks} studio={getStudio()} />;
}

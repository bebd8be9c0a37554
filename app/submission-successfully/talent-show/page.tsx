import { ThankYouPanel } from '@/components/thank-you/thank-you-panel';
import { talentShowThanks } from '@/content/thank-you';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/submission-successfully/talent-show');

/** After a talent show registration: its own static page, right without JavaScript. */
export default function TalentShowThankYouPage() {
  return <ThankYouPanel copy={talentShowThanks} studio={getStudio()} />;
}

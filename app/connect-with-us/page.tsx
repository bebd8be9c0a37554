import { ContactPage } from '@/components/home/contact-page';
import { contactCopy } from '@/content/contact';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/connect-with-us');

export default function ConnectWithUsPage() {
  return <ContactPage copy={contactCopy} studio={getStudio()} />;
}

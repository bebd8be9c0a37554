import { FormPage } from '@/components/forms/form-page';
import { YourData } from '@/components/privacy/your-data';
import { yourDataPage } from '@/content/privacy-notice';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/your-data');

export default function YourDataPage() {
  return (
    <FormPage copy={yourDataPage} headingId="your-data-heading">
      <YourData grievance={getStudio().grievance} />
    </FormPage>
  );
}

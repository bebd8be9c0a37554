import { DiplomaFormIsland } from '@/components/forms/form-islands';
import { FormPage } from '@/components/forms/form-page';
import { diplomaPage } from '@/content/forms/pages';
import { getEnv } from '@/lib/env';
import { intakesAtBuild } from '@/lib/sessions/at-build';
import { getStudio } from '@/lib/studio';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/institute/diploma-course-form');

export default function DiplomaCourseFormPage() {
  return (
    <FormPage copy={diplomaPage} headingId="diploma-heading">
      <DiplomaFormIsland
        endpoint={getEnv().FORM_ENDPOINT_DIPLOMA}
        contact={getStudio()}
        labelledBy="diploma-heading"
        atBuild={intakesAtBuild('diploma')}
      />
    </FormPage>
  );
}

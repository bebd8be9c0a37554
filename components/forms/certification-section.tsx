import { getStudio } from '@/lib/studio';
import { certificationPage } from '@/content/forms/pages';
import { sessionsAtBuild } from '@/lib/sessions/at-build';
import { intakesFor } from '@/lib/sessions/intake';
import { CertificationForm } from './certification-form';
import { FormPage } from './form-page';

/** The certification registration page body, shared by /institute/Music-course-form and /institute/Music-certificate-form. */
export function CertificationSection({ endpoint }: { endpoint?: string }) {
  return (
    <FormPage copy={certificationPage} headingId="certification-heading">
      <CertificationForm
        endpoint={endpoint}
        contact={getStudio()}
        labelledBy="certification-heading"
        atBuild={intakesFor('certification', sessionsAtBuild())}
      />
    </FormPage>
  );
}

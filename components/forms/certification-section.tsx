import { getStudio } from '@/lib/studio';
import { certificationPage } from '@/content/forms/pages';
import { intakesAtBuild } from '@/lib/sessions/at-build';
import { CertificationFormIsland } from './form-islands';
import { FormPage } from './form-page';

/** The certification registration page body, shared by /institute/Music-course-form and /institute/Music-certificate-form. */
export function CertificationSection({ endpoint }: { endpoint?: string }) {
  return (
    <FormPage copy={certificationPage} headingId="certification-heading">
      <CertificationFormIsland
        endpoint={endpoint}
        contact={getStudio()}
        labelledBy="certification-heading"
        atBuild={intakesAtBuild('certification')}
      />
    </FormPage>
  );
}

import { FormPage } from '@/components/forms/form-page';
import { LinkedHeading } from '@/components/forms/linked-heading';
import { ServiceRequestFormIsland } from '@/components/forms/form-islands';
import { optionValues, projectTypes } from '@/content/forms/options';
import { serviceRequestPage } from '@/content/forms/pages';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/request-form');

export default function RequestFormPage() {
  return (
    <FormPage
      copy={serviceRequestPage}
      headingId="service-request-heading"
      heading={
        <LinkedHeading
          id="service-request-heading"
          text={serviceRequestPage.heading}
          param="service"
          prefix="Request "
          options={optionValues(projectTypes)}
        />
      }
    >
      <ServiceRequestFormIsland
        endpoint={getEnv().FORM_ENDPOINT_SERVICE_REQUEST}
        contact={getStudio()}
        labelledBy="service-request-heading"
      />
    </FormPage>
  );
}

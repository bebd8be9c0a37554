import { FormPage } from '@/components/forms/form-page';
import { ServiceRequestForm } from '@/components/forms/service-request-form';
import { serviceRequestPage } from '@/content/forms/pages';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/request-form');

export default function RequestFormPage() {
  return (
    <FormPage copy={serviceRequestPage} headingId="service-request-heading">
      <ServiceRequestForm
        endpoint={getEnv().FORM_ENDPOINT_SERVICE_REQUEST}
        contact={getStudio()}
        labelledBy="service-request-heading"
      />
    </FormPage>
  );
}

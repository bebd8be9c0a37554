import { FormPage } from '@/components/forms/form-page';
import { QueryForm } from '@/components/forms/query-form';
import { queryPage } from '@/content/forms/pages';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/query');

export default function QueryPage() {
  return (
    <FormPage copy={queryPage} headingId="query-heading">
      <QueryForm endpoint={getEnv().FORM_ENDPOINT_QUERY} contact={getStudio()} labelledBy="query-heading" />
    </FormPage>
  );
}

import { FormPage } from '@/components/forms/form-page';
import { QueryForm } from '@/components/forms/query-form';
import { queryPage } from '@/content/forms/pages';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/query');

export default function QueryPage() {
  return (
    <FormPage copy={queryPage} headingId="query-heading">
      <QueryForm endpoint={getEnv().FORM_ENDPOINT_QUERY} labelledBy="query-heading" />
    </FormPage>
  );
}

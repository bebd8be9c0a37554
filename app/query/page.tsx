import { FormPage } from '@/components/forms/form-page';
import { QueryFormIsland } from '@/components/forms/form-islands';
import { queryPage } from '@/content/forms/pages';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/query');

export default function QueryPage() {
  return (
    <FormPage copy={queryPage} headingId="query-heading">
      <QueryFormIsland endpoint={getEnv().FORM_ENDPOINT_QUERY} contact={getStudio()} labelledBy="query-heading" />
    </FormPage>
  );
}

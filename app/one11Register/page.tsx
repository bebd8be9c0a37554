import { TalentShowSection } from '@/components/forms/talent-show-section';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/one11Register');

export default function TalentShowRegisterPage() {
  return <TalentShowSection endpoint={getEnv().FORM_ENDPOINT_TALENT_SHOW} />;
}

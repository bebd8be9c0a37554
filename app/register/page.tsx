import { TalentShowSection } from '@/components/forms/talent-show-section';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/register');

export default function RegisterPage() {
  return <TalentShowSection endpoint={getEnv().FORM_ENDPOINT_TALENT_SHOW} />;
}

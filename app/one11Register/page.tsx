import { TalentShowSection } from '@/components/forms/talent-show-section';
import { JsonLd } from '@/components/ui/json-ld';
import { talentShow as showCopy } from '@/content/forms/talent-show';
import { talentShow, upcoming } from '@/lib/calendar';
import { getEnv } from '@/lib/env';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { talentShowEventJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/one11Register');

export default function TalentShowRegisterPage() {
  const [show] = upcoming(
    [talentShow()].filter((s) => s !== undefined),
    Date.now(),
  );
  return (
    <>
      {show ? (
        <JsonLd
          data={talentShowEventJsonLd({
            show,
            name: `${showCopy.showName} Talent Show`,
            description: showCopy.lead,
            url: absoluteUrl('/one11Register'),
            studio: getStudio(),
            siteUrl: getEnv().SITE_URL,
          })}
        />
      ) : null}
      <TalentShowSection endpoint={getEnv().FORM_ENDPOINT_TALENT_SHOW} />
    </>
  );
}

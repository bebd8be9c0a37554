import { NextSession } from '@/components/calendar/next-session';
import { TalentShowSection } from '@/components/forms/talent-show-section';
import { JsonLd } from '@/components/ui/json-ld';
import { talentShowDateCopy } from '@/content/calendar';
import { talentShow as showCopy } from '@/content/forms/talent-show';
import { upcomingTalentShow } from '@/lib/calendar';
import { getEnv } from '@/lib/env';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { talentShowEventJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/one11Register');

export default function TalentShowRegisterPage() {
  const show = upcomingTalentShow(Date.now(), getEnv());
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
      {show ? (
        <NextSession
          sessions={[show]}
          heading={talentShowDateCopy.heading}
          details={`${show.venue.name}, ${show.venue.address}`}
        />
      ) : null}
      <TalentShowSection endpoint={getEnv().FORM_ENDPOINT_TALENT_SHOW} />
    </>
  );
}

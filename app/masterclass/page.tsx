import { MasterclassNextSessionIsland } from '@/components/forms/form-islands';
import { MasterclassSignup } from '@/components/forms/masterclass-signup';
import { JsonLd } from '@/components/ui/json-ld';
import { nextSessionCopy } from '@/content/calendar';
import { masterclass } from '@/content/forms/masterclass';
import { prices } from '@/content/prices';
import { getEnv } from '@/lib/env';
import { masterclassesAtBuild } from '@/lib/sessions/at-build';
import { formatRupees } from '@/lib/payments/money';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { masterclassEventJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/masterclass');

export default function MasterclassPage() {
  const { choices, events: sessions, strip } = masterclassesAtBuild();
  const events = sessions.map((session) =>
    masterclassEventJsonLd({
      session,
      name: `Masterclass: ${masterclass.heading}`,
      description: masterclass.lead,
      url: absoluteUrl('/masterclass'),
      pricePaise: prices.masterclass,
      studio: getStudio(),
      siteUrl: getEnv().SITE_URL,
    }),
  );
  return (
    <>
      {events.length > 0 ? <JsonLd data={events} /> : null}
      <MasterclassNextSessionIsland
        sessions={strip}
        heading={nextSessionCopy.heading}
        details={nextSessionCopy.details}
      />
      <MasterclassSignup
        price={formatRupees(prices.masterclass)}
        endpoint={getEnv().FORM_ENDPOINT_MASTERCLASS}
        atBuild={choices}
      />
    </>
  );
}

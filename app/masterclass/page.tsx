import { MasterclassNextSession } from '@/components/forms/masterclass-next-session';
import { MasterclassSignup } from '@/components/forms/masterclass-signup';
import { JsonLd } from '@/components/ui/json-ld';
import { nextSessionCopy } from '@/content/calendar';
import { masterclass } from '@/content/forms/masterclass';
import { prices } from '@/content/prices';
import { masterclassSessions, upcoming } from '@/lib/calendar';
import { getEnv } from '@/lib/env';
import { sessionsAtBuild } from '@/lib/sessions/at-build';
import { calendarSessionOf } from '@/lib/sessions/session';
import { formatRupees } from '@/lib/payments/money';
import { absoluteUrl, pageMetadata } from '@/lib/seo';
import { masterclassEventJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/masterclass');

export default function MasterclassPage() {
  // The sessions staff scheduled (as the service handed them to this build), else the settings' own.
  const atBuild = sessionsAtBuild().filter((s) => s.kind === 'masterclass');
  const sessions = atBuild.length > 0 ? atBuild.map(calendarSessionOf) : upcoming(masterclassSessions(), Date.now());
  const withSeats = atBuild.length > 0 ? atBuild.filter((s) => s.seatsLeft > 0).map(calendarSessionOf) : sessions;
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
      <MasterclassNextSession
        sessions={withSeats}
        heading={nextSessionCopy.heading}
        details={nextSessionCopy.details}
      />
      <MasterclassSignup
        price={formatRupees(prices.masterclass)}
        endpoint={getEnv().FORM_ENDPOINT_MASTERCLASS}
        atBuild={atBuild}
      />
    </>
  );
}

import { SiteLink } from '@/components/shell/site-link';
import { Countdown } from '@/components/ui/countdown';
import { comingSoon } from '@/content/coming-soon';
import { launchCountdown } from '@/lib/calendar';
import { getEnv } from '@/lib/env';
import { indiaLabel } from '@/lib/india-time';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/upcoming');

export default function UpcomingPage() {
  const { target, initialSeconds } = launchCountdown(Date.now(), getEnv());
  return (
    <section className="section page-hero">
      <div className="container" style={{ textAlign: 'center', maxWidth: 760 }}>
        <span className="eyebrow">{comingSoon.eyebrow}</span>
        <h1>{comingSoon.heading}</h1>
        <p className="muted">{comingSoon.lead}</p>
        {target.kind === 'moment' ? (
          <p>
            {comingSoon.launchingOn}{' '}
            <time dateTime={new Date(target.atMs).toISOString()}>{indiaLabel(target.atMs)}</time>
          </p>
        ) : null}
        <Countdown
          target={target}
          initialSeconds={initialSeconds}
          label={comingSoon.countdownLabel}
          doneText={target.kind === 'moment' ? comingSoon.launched : comingSoon.live}
        />
        <p>{comingSoon.body}</p>
        <SiteLink href="/" className="btn btn-primary">
          Back to Home
        </SiteLink>
      </div>
    </section>
  );
}

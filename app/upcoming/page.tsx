import Link from 'next/link';
import { Countdown } from '@/components/ui/countdown';
import { comingSoon } from '@/content/coming-soon';
import { COUNTDOWN_START_SECONDS } from '@/lib/countdown';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/upcoming');

export default function UpcomingPage() {
  return (
    <section className="section page-hero">
      <div className="container" style={{ textAlign: 'center', maxWidth: 760 }}>
        <span className="eyebrow">{comingSoon.eyebrow}</span>
        <h1>{comingSoon.heading}</h1>
        <p className="muted">{comingSoon.lead}</p>
        <Countdown startSeconds={COUNTDOWN_START_SECONDS} label="Time left until launch" />
        <p>{comingSoon.body}</p>
        <Link href="/" className="btn btn-primary">
          Back to Home
        </Link>
      </div>
    </section>
  );
}

import { SiteLink } from '@/components/shell/site-link';
import type { ThankYouCopy } from '@/content/thank-you';
import type { Studio } from '@/content/studio';
import { SocialLinks } from '@/components/shell/social-icons';
import { fillStudioTokens } from '@/lib/tokens';
import { ThankYouHeading } from './thank-you-heading';
import styles from './thank-you-panel.module.css';

/** A thank-you page's card: check mark, heading, what happens next, social links and a way home. */
export function ThankYouPanel({ copy, studio }: { copy: ThankYouCopy; studio: Studio }) {
  return (
    <section className={`section section-light white-bg-page ${styles.wrap}`}>
      <div className={`container ${styles.card}`}>
        <svg className={styles.check} viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
          <circle cx="24" cy="24" r="22" fill="#146c43" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <ThankYouHeading>{copy.heading}</ThankYouHeading>
        <p className={styles.lead}>{copy.lead}</p>
        {copy.body.map((p) => (
          <p key={p}>{fillStudioTokens(p, studio)}</p>
        ))}
        <p>{fillStudioTokens(copy.socialPrompt, studio)}</p>
        <SocialLinks social={studio.social} className={styles.social} />
        <SiteLink href="/" className="btn btn-primary">
          Back to Home
        </SiteLink>
      </div>
    </section>
  );
}

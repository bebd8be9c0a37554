import { RegistrantView } from '@/components/registrant/registrant-view';
import { RefundTerms, TermsSections } from '@/components/registrant/registrant-terms';
import { masterclassTerms } from '@/content/forms/masterclass-terms';
import { refundPolicy } from '@/content/legal';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';
import styles from '@/components/registrant/registrant.module.css';

export const metadata = pageMetadata('/my-registration');

/** The registrant's own page: reached from their e-mails by a signed link (the token in the fragment). */
export default function MyRegistrationPage() {
  const studio = getStudio();
  return (
    <section className="section section-light">
      <div className="container">
        <RegistrantView
          siteName={studio.name}
          refundTerms={{
            masterclass: (
              <RefundTerms
                doc={masterclassTerms}
                ids={['eligibility-for-refund', 'valid-grounds-for-refund']}
                href="/masterClass-Terms#eligibility-for-refund"
                linkText="All the masterclass terms"
                studio={studio}
              />
            ),
            course: (
              <RefundTerms
                doc={refundPolicy}
                ids={['courses-and-memberships']}
                href="/refund-policy#courses-and-memberships"
                linkText="Our refund policy"
                studio={studio}
              />
            ),
          }}
        >
          <details className={styles.terms}>
            <summary>{masterclassTerms.title}</summary>
            <TermsSections sections={masterclassTerms.sections} studio={studio} />
          </details>
        </RegistrantView>
      </div>
    </section>
  );
}

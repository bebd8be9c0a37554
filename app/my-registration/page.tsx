import { RegistrantView } from '@/components/registrant/registrant-view';
import { RefundTerms, TermsSections } from '@/components/registrant/registrant-terms';
import { masterclassTerms } from '@/content/forms/masterclass-terms';
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
            masterclass: <RefundTerms kind="masterclass" studio={studio} />,
            course: <RefundTerms kind="course" studio={studio} />,
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

import { RegistrantView } from '@/components/registrant/registrant-view';
import { masterclassTerms } from '@/content/forms/masterclass-terms';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';
import { fillStudioTokens } from '@/lib/tokens';
import styles from '@/components/registrant/registrant.module.css';

export const metadata = pageMetadata('/my-registration');

/** The registrant's own page: reached from their e-mails by a signed link (the token in the fragment). */
export default function MyRegistrationPage() {
  const studio = getStudio();
  return (
    <section className="section section-light">
      <div className="container">
        <h1>Your masterclass registration</h1>
        <RegistrantView>
          <details className={styles.terms}>
            <summary>{masterclassTerms.title}</summary>
            {masterclassTerms.sections.map((s) => (
              <section key={s.id} aria-label={s.heading}>
                <h3>{s.heading}</h3>
                {s.blocks.map((b) =>
                  b.kind === 'p' ? (
                    <p key={b.text}>{fillStudioTokens(b.text.replaceAll('{email}', studio.email), studio)}</p>
                  ) : (
                    <ul key={b.items.join()}>
                      {b.items.map((item) => (
                        <li key={item}>{fillStudioTokens(item.replaceAll('{email}', studio.email), studio)}</li>
                      ))}
                    </ul>
                  ),
                )}
              </section>
            ))}
          </details>
        </RegistrantView>
      </div>
    </section>
  );
}

import { SiteLink } from '@/components/shell/site-link';
import { submissionHub } from '@/content/forms/pages';
import { PageIntro } from './form-page';
import styles from './hub.module.css';

/** /submission: every form the site offers, for a visitor who lands on the bare address. */
export function SubmissionHub() {
  return (
    <section className="section section-light">
      <div className="container">
        <PageIntro copy={submissionHub} />
        <ul className={styles.grid}>
          {submissionHub.items.map((item) => (
            <li key={item.href} className={styles.item}>
              <h2 className={styles.title}>
                <SiteLink href={item.href}>{item.title}</SiteLink>
              </h2>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

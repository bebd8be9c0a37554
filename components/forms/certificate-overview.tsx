import { SiteLink } from '@/components/shell/site-link';
import { certificatePage } from '@/content/forms/pages';
import { PageIntro } from './form-page';
import styles from './hub.module.css';

/** /institute/Music-certificate: what the certificate is, how to earn it, and the way to the form. */
export function CertificateOverview({ fee, gstPercent }: { fee: string; gstPercent: number }) {
  const c = certificatePage;
  return (
    <section className="section section-light">
      <div className="container prose">
        <PageIntro copy={c} />
        <h2>{c.factsHeading}</h2>
        <ul>
          {c.facts.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <h2>{c.levelsHeading}</h2>
        <p>{c.levelsText}</p>
        <h2>{c.stepsHeading}</h2>
        <ol className={styles.steps}>
          {c.steps.map((s) => (
            <li key={s}>{s.replace('{fee}', fee).replace('{gst}', String(gstPercent))}</li>
          ))}
        </ol>
        <div className={styles.actions}>
          <SiteLink href="/institute/Music-course-form" className="btn btn-primary">
            {c.enrollLabel}
          </SiteLink>
          <SiteLink href="/institute/certification-courses" className="btn btn-ghost">
            {c.compareLabel}
          </SiteLink>
        </div>
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import type { FormPageCopy } from '@/content/forms/pages';
import styles from './forms.module.css';

/** The frame of a form page: eyebrow, heading (which names the form), introduction and the form card. */
export function FormPage({
  copy,
  headingId,
  heading,
  children,
}: {
  copy: FormPageCopy;
  headingId: string;
  /** A heading of its own (one that follows the link that opened the page); it must carry `headingId`. */
  heading?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="section section-light">
      <div className={`container ${styles.pageInner}`}>
        <PageIntro copy={copy} heading={heading ?? <h1 id={headingId}>{copy.heading}</h1>} />
        <div className={styles.card}>{children}</div>
      </div>
    </section>
  );
}

/** A form page's opening (also the hub's and the certificate's): eyebrow, heading and introduction. */
export function PageIntro({ copy, heading }: { copy: FormPageCopy; heading?: ReactNode }) {
  return (
    <>
      <span className="eyebrow">{copy.eyebrow}</span>
      {heading ?? <h1>{copy.heading}</h1>}
      <p className="muted">{copy.lead}</p>
    </>
  );
}

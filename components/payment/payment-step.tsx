import type { ReactNode } from 'react';
import styles from './payment.module.css';

/** One numbered step of a payment page (pay, then send the UTR): a region named by its heading. */
export function PaymentStep({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className={styles.step} aria-labelledby={id}>
      <h2 id={id} className={styles.stepHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

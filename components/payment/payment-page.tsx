import type { ReactNode } from 'react';
import type { PriceWithGst } from '@/lib/payments/money';
import { formatRupees } from '@/lib/payments/money';
import { ManualFlow } from './manual-flow';
import { PriceSummary } from './price-summary';
import styles from './payment.module.css';

export interface PaymentPageProps {
  eyebrow: string;
  heading: string;
  lead: string;
  /** Extra lines under the lead, such as the course fee text. */
  details?: readonly string[];
  price: PriceWithGst;
  summaryHeading: string;
  baseLabel: string;
  upiId: string;
  /** The last step of the manual flow: what the payer receives once the team has checked. */
  confirmation: string;
  /** The interactive steps. */
  children: ReactNode;
}

/** The frame shared by both payment pages: heading, the amount to pay, the steps and how confirmation works. */
export function PaymentPage({
  eyebrow,
  heading,
  lead,
  details = [],
  price,
  summaryHeading,
  baseLabel,
  upiId,
  confirmation,
  children,
}: PaymentPageProps) {
  return (
    <div className={`section section-light ${styles.page}`}>
      <div className="container">
        <header className={styles.header}>
          <span className="eyebrow">{eyebrow}</span>
          <h1>{heading}</h1>
          <p className={styles.lead}>{lead}</p>
          {details.map((line) => (
            <p key={line} className={styles.detail}>
              {line}
            </p>
          ))}
        </header>
        <div className={styles.grid}>
          <aside className={styles.aside}>
            <PriceSummary price={price} baseLabel={baseLabel} heading={summaryHeading} />
          </aside>
          <div className={styles.steps}>{children}</div>
        </div>
        <ManualFlow amount={formatRupees(price.total)} upiId={upiId} confirmation={confirmation} />
      </div>
    </div>
  );
}

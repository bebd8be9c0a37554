import { DepositPayment } from '@/components/payment/deposit-payment';
import styles from '@/components/payment/payment.module.css';
import { depositPaymentCopy as copy } from '@/content/payments';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/book/deposit');

/** /book/deposit?reference=SB…: a held booking's deposit, paid by UPI and claimed with its UTR. */
export default function BookDepositPage() {
  const studio = getStudio();
  const noScript = copy.noScript
    .replace('{upi}', studio.upi.id)
    .replace('{payee}', studio.upi.payeeName)
    .replace('{whatsapp}', studio.whatsapp);
  return (
    <div className={`section section-light ${styles.page}`}>
      <div className="container">
        <header className={styles.header}>
          <span className="eyebrow">{copy.eyebrow}</span>
          <h1>{copy.heading}</h1>
          <p className={styles.lead}>{copy.lead}</p>
        </header>
        <noscript>
          <p>{noScript}</p>
        </noscript>
        <DepositPayment payTo={{ upi: studio.upi }} />
      </div>
    </div>
  );
}

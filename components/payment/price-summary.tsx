import { formatRupees, type PriceWithGst } from '@/lib/payments/money';
import styles from './payment.module.css';

/** The price, its GST and the total, each computed from paise and formatted once. */
export function PriceSummary({
  price,
  baseLabel,
  heading,
}: {
  price: PriceWithGst;
  baseLabel: string;
  heading: string;
}) {
  return (
    <section className={styles.summary} aria-labelledby="price-summary-heading">
      <h2 id="price-summary-heading" className={styles.summaryHeading}>
        {heading}
      </h2>
      <dl className={styles.summaryRows}>
        <div>
          <dt>{baseLabel}</dt>
          <dd>{formatRupees(price.base)}</dd>
        </div>
        <div>
          <dt>GST ({price.ratePercent}%)</dt>
          <dd>{formatRupees(price.gst)}</dd>
        </div>
        <div className={styles.totalRow}>
          <dt>Total to pay</dt>
          <dd>{formatRupees(price.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

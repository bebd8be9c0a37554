import { manualFlowCopy } from '@/content/payments';
import { fillPaymentText } from '@/lib/payments/text';
import styles from './payment.module.css';

/** The manual payment flow in four steps, and the honest note that the page cannot see payments. */
export function ManualFlow({ amount, upiId, confirmation }: { amount: string; upiId: string; confirmation: string }) {
  const steps = [
    fillPaymentText(manualFlowCopy.steps.pay, { amount, upiId }),
    manualFlowCopy.steps.send,
    manualFlowCopy.steps.verify,
    confirmation,
  ];
  return (
    <section className={styles.flow} aria-labelledby="manual-flow-heading">
      <h2 id="manual-flow-heading" className={styles.flowHeading}>
        {manualFlowCopy.heading}
      </h2>
      <ol className={styles.flowSteps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className={styles.hint}>{manualFlowCopy.note}</p>
    </section>
  );
}

'use client';

import { appFallbackCopy, scanToPayCopy } from '@/content/payments';
import { fillPaymentText } from '@/lib/payments/text';
import { UpiPayPanel, type UpiPayPanelProps } from './upi-pay-panel';
import styles from './payment.module.css';

/**
 * The visit's payment reference, and, once the visitor has been sent to a UPI app, the ways to pay
 * if that app did not open: the generic link, the QR and the UPI id.
 */
export function ReferenceAndFallback({
  panel,
  sentToAppName,
}: {
  panel: Omit<UpiPayPanelProps, 'instructions'>;
  /** The app the visitor was sent to, or undefined. */
  sentToAppName: string | undefined;
}) {
  return (
    <>
      <p className={styles.referenceLine}>
        {scanToPayCopy.referenceLabel}: <span className={styles.reference}>{panel.reference ?? ''}</span>
      </p>
      {sentToAppName ? (
        <section className={styles.fallback} aria-labelledby="fallback-heading">
          <h3 id="fallback-heading">{fillPaymentText(appFallbackCopy.heading, { app: sentToAppName })}</h3>
          <p>{appFallbackCopy.body}</p>
          <UpiPayPanel {...panel} instructions={scanToPayCopy.scanAny} />
        </section>
      ) : null}
    </>
  );
}

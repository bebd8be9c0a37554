'use client';

import { scanToPayCopy } from '@/content/payments';
import { formatRupees } from '@/lib/payments/money';
import { fillPaymentText } from '@/lib/payments/text';
import { lazy, Suspense } from 'react';
import { CopyUpiId } from './copy-upi-id';
import { QrBox } from './qr-box';
import styles from './payment.module.css';

/**
 * The QR and its drawing library (a third of the payment pages' own script) are fetched when the
 * page is idle, or when a QR is first shown: no page shows one before a tap (the Scan to Pay dialog,
 * the fallback after an app), so the page hydrates without them.
 */
export const preloadUpiQr = () => import('./upi-qr');
const UpiQr = lazy(() => preloadUpiQr().then((m) => ({ default: m.UpiQr })));

export interface UpiPayPanelProps {
  /** The generic upi:// link; undefined until the browser has made the visit's reference. */
  link: string | undefined;
  amountPaise: number;
  upiId: string;
  payeeName: string;
  reference: string | undefined;
  /** On phones: an "Open in a UPI app" link and a way to save the QR image. */
  isPhone: boolean;
  instructions: string;
}

/** Everything needed to pay by hand: the QR, the amount, the payee, the UPI id to copy and the reference. */
export function UpiPayPanel({
  link,
  amountPaise,
  upiId,
  payeeName,
  reference,
  isPhone,
  instructions,
}: UpiPayPanelProps) {
  const amount = formatRupees(amountPaise);
  return (
    <div className={styles.payPanel}>
      <p className={styles.instructions}>{instructions}</p>
      <Suspense
        fallback={
          <div className={styles.qrWrap}>
            <QrBox />
          </div>
        }
      >
        <UpiQr
          link={link}
          label={fillPaymentText(scanToPayCopy.qrLabel, { amount })}
          saveable={isPhone}
          fileName={`upi-payment-${reference ?? 'qr'}.png`}
        />
      </Suspense>
      <dl className={styles.facts}>
        <div>
          <dt>{scanToPayCopy.amountLabel}</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>{scanToPayCopy.payeeLabel}</dt>
          <dd>{payeeName}</dd>
        </div>
        <div>
          <dt>{scanToPayCopy.referenceLabel}</dt>
          <dd className={styles.reference}>{reference ?? ''}</dd>
        </div>
      </dl>
      <CopyUpiId upiId={upiId} />
      <p className={styles.hint}>{fillPaymentText(scanToPayCopy.typeIdHint, { amount })}</p>
      {isPhone && link ? (
        <a className="btn btn-primary" href={link}>
          {scanToPayCopy.openApp}
        </a>
      ) : null}
    </div>
  );
}

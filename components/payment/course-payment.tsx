'use client';

import Link from 'next/link';
import { useState } from 'react';
import { coursePaymentCopy as copy, scanToPayCopy, upiAppOptions, upiLogo } from '@/content/payments';
import { prefersQrModal } from '@/lib/payments/device';
import { fillPaymentText } from '@/lib/payments/text';
import { upiAppLink, upiLink, type UpiApp } from '@/lib/payments/upi-link';
import { ChatLink } from './chat-link';
import { CopyUpiId } from './copy-upi-id';
import type { PaymentPayee } from './masterclass-payment';
import { navigateBrowser, type Navigate } from './navigate';
import { PaymentClaim } from './payment-claim';
import { ReferenceAndFallback } from './reference-and-fallback';
import { ScanToPayModal } from './scan-to-pay-modal';
import { usePaymentRequest } from './use-payment-visit';
import styles from './payment.module.css';

export interface CoursePaymentProps extends PaymentPayee {
  totalPaise: number;
  navigate?: Navigate;
}

type Choice = UpiApp | 'upi';

/**
 * The course payment steps. Step 1: an app logo or "Pay via UPI" opens the QR dialog in a window
 * wider than 768 px, and otherwise goes to the UPI link (that app's own link on a phone); Copy UPI ID.
 * Step 2: the WhatsApp draft, then "I've Sent My Details" to the thank-you page.
 */
export function CoursePayment({
  upiId,
  payeeName,
  studioName,
  whatsapp,
  totalPaise,
  navigate = navigateBrowser,
}: CoursePaymentProps) {
  const { visit, request, message, panel, claimProps } = usePaymentRequest({
    prefix: 'CR',
    upiId,
    payeeName,
    studioName,
    totalPaise,
    note: copy.note,
    chat: copy.chat,
  });
  const [modalFor, setModalFor] = useState<Choice | undefined>(undefined);
  const [sentTo, setSentTo] = useState<Choice | undefined>(undefined);
  const appName = (choice: Choice) => upiAppOptions.find((o) => o.id === choice)?.name ?? 'your UPI app';

  const pay = (choice: Choice) => {
    if (!request) return;
    if (prefersQrModal(window.innerWidth)) {
      setModalFor(choice);
      return;
    }
    setSentTo(choice);
    navigate(choice !== 'upi' && visit.platform ? upiAppLink(choice, visit.platform, request) : upiLink(request));
  };

  return (
    <>
      <section className={styles.step} aria-labelledby="step-1-heading">
        <h2 id="step-1-heading" className={styles.stepHeading}>
          {copy.step1}
        </h2>
        <p className={styles.hint}>{copy.step1Hint}</p>
        <div className={styles.payRow}>
          <ul className={styles.appList} aria-label={copy.appsLabel}>
            {upiAppOptions.map((app) => (
              <li key={app.id}>
                <button type="button" className={styles.appButton} onClick={() => pay(app.id)}>
                  <img src={app.logo} alt="" width={48} height={48} />
                  <span className="visually-hidden">{fillPaymentText(copy.payWith, { app: app.name })}</span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-primary" onClick={() => pay('upi')}>
            <img src={upiLogo.src} alt="" width={40} height={20} className={styles.upiMark} />
            {copy.payViaUpi}
          </button>
        </div>
        <CopyUpiId upiId={upiId} />
        <ReferenceAndFallback panel={panel} sentToAppName={sentTo ? appName(sentTo) : undefined} />
      </section>

      <section className={styles.step} aria-labelledby="step-2-heading">
        <h2 id="step-2-heading" className={styles.stepHeading}>
          {copy.step2}
        </h2>
        <p>{copy.step2Body}</p>
        <PaymentClaim {...claimProps} />
        <ChatLink whatsapp={whatsapp} message={message} />
        <Link href="/submission-successfully/course" className="btn btn-ghost">
          {copy.sentDetails}
        </Link>
      </section>

      <ScanToPayModal
        open={modalFor !== undefined}
        onClose={() => setModalFor(undefined)}
        {...panel}
        instructions={
          modalFor && modalFor !== 'upi'
            ? fillPaymentText(scanToPayCopy.scanWith, { app: appName(modalFor) })
            : scanToPayCopy.scanAny
        }
      />
    </>
  );
}

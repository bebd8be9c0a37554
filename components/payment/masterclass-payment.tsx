'use client';

import { useState } from 'react';
import {
  masterclassPaymentCopy as copy,
  paymentOptions,
  scanToPayCopy,
  type PaymentOptionId,
} from '@/content/payments';
import { fillPaymentText } from '@/lib/payments/text';
import { upiAppLink, type UpiApp } from '@/lib/payments/upi-link';
import { ChatLink } from './chat-link';
import { navigateBrowser, type Navigate } from './navigate';
import { PaymentClaim } from './payment-claim';
import { PaymentOptionPicker } from './payment-option-picker';
import { ReferenceAndFallback } from './reference-and-fallback';
import { ScanToPayModal } from './scan-to-pay-modal';
import { usePaymentRequest } from './use-payment-visit';
import styles from './payment.module.css';

export interface PaymentPayee {
  upiId: string;
  payeeName: string;
  studioName: string;
  whatsapp: string;
}

export interface MasterclassPaymentProps extends PaymentPayee {
  /** The total to pay, in paise (price + GST). */
  totalPaise: number;
  navigate?: Navigate;
}

const ERROR_ID = 'payment-option-error';

/**
 * The masterclass payment steps. Step 1: choose QR Code, GPay, PhonePe or Paytm, then Proceed: on a
 * desktop, or with QR Code, the Scan to Pay dialog opens; on a phone with an app, the browser goes
 * to that app, and the QR and the generic UPI link stay on the page in case it does not open.
 * Step 2: the WhatsApp draft with the amount, the reference and the carried e-mail.
 */
export function MasterclassPayment({
  upiId,
  payeeName,
  studioName,
  whatsapp,
  totalPaise,
  navigate = navigateBrowser,
}: MasterclassPaymentProps) {
  const { visit, request, message, panel, claimProps } = usePaymentRequest({
    prefix: 'MC',
    withEmail: true,
    upiId,
    payeeName,
    studioName,
    totalPaise,
    note: copy.note,
    chat: copy.chat,
  });
  const [selected, setSelected] = useState<PaymentOptionId | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [modalOpen, setModalOpen] = useState(false);
  const [sentToApp, setSentToApp] = useState<UpiApp | undefined>(undefined);

  const optionName = (id: PaymentOptionId) => paymentOptions.find((o) => o.id === id)?.name ?? '';

  const choose = (id: PaymentOptionId) => {
    setSelected(id);
    setError(undefined);
  };

  const proceed = () => {
    if (!selected) {
      setError(copy.noOption);
      return;
    }
    if (!request) return;
    if (selected === 'qr' || !visit.platform) {
      setModalOpen(true);
      return;
    }
    setSentToApp(selected);
    navigate(upiAppLink(selected, visit.platform, request));
  };

  return (
    <>
      <section className={styles.step} aria-labelledby="step-1-heading">
        <h2 id="step-1-heading" className={styles.stepHeading}>
          {copy.step1}
        </h2>
        <p className={styles.hint}>{copy.step1Hint}</p>
        <PaymentOptionPicker
          options={paymentOptions}
          value={selected}
          onChange={choose}
          legend={copy.optionsLegend}
          errorId={error ? ERROR_ID : undefined}
        />
        <p id={ERROR_ID} role="alert" className={styles.error}>
          {error ?? ''}
        </p>
        <button type="button" className="btn btn-primary" onClick={proceed}>
          {copy.proceed}
        </button>
        <ReferenceAndFallback panel={panel} sentToAppName={sentToApp ? optionName(sentToApp) : undefined} />
      </section>

      <section className={styles.step} aria-labelledby="step-2-heading">
        <h2 id="step-2-heading" className={styles.stepHeading}>
          {copy.step2}
        </h2>
        <p>{copy.step2Body}</p>
        {visit.carried?.email ? <p className={styles.hint}>{copy.emailCarried}</p> : null}
        <PaymentClaim {...claimProps} />
        <ChatLink whatsapp={whatsapp} message={message} />
      </section>

      <ScanToPayModal
        open={modalOpen}
        onClose={() => setModalOpen(false)}
        {...panel}
        instructions={
          selected && selected !== 'qr'
            ? fillPaymentText(scanToPayCopy.scanWith, { app: optionName(selected) })
            : scanToPayCopy.scanAny
        }
      />
    </>
  );
}

'use client';

import clsx from 'clsx';
import { SiteLink } from '@/components/shell/site-link';
import { useEffect, useState } from 'react';
import {
  coursePaymentCopy,
  masterclassPaymentCopy,
  paymentOptions,
  scanToPayCopy,
  upiAppOptions,
  type PaymentOptionId,
} from '@/content/payments';
import { prefersQrModal } from '@/lib/payments/device';
import { payableOfKind, type PaymentKind } from '@/lib/payments/payables';
import { fillPaymentText } from '@/lib/payments/text';
import { upiAppLink, upiLink } from '@/lib/payments/upi-link';
import { whenIdle } from '@/lib/when-idle';
import { ChatLink } from './chat-link';
import { CopyUpiId } from './copy-upi-id';
import { navigateBrowser, type Navigate } from './navigate';
import { PaymentMark, UpiMark } from './payment-marks';
import { PaymentClaim } from './payment-claim';
import { PaymentStep } from './payment-step';
import { ReferenceAndFallback } from './reference-and-fallback';
import { ScanToPayModal } from './scan-to-pay-modal';
import { preloadUpiQr } from './upi-pay-panel';
import { usePaymentRequest } from './use-payment-visit';
import styles from './payment.module.css';

export interface PaymentStepsProps {
  kind: PaymentKind;
  upiId: string;
  payeeName: string;
  studioName: string;
  whatsapp: string;
  /** The total to pay, in paise (price + GST). */
  totalPaise: number;
  navigate?: Navigate;
}

/** A way to pay: a named app, the QR code (masterclass page) or any UPI app (course page). */
type Choice = PaymentOptionId | 'upi';

const ERROR_ID = 'payment-option-error';

/** The success page that follows "I've Sent My Details" on the course page. */
const COURSE_DONE_PATH = '/submission-successfully/course';

/**
 * The payment steps. Step 1 on the course page: an app logo or "Pay via UPI" opens the QR dialog in
 * a window wider than 768 px, and otherwise goes to the UPI link (that app's own link on a phone);
 * Copy UPI ID. Step 1 on the masterclass page: choose QR Code, GPay, PhonePe or Paytm, then Proceed:
 * on a desktop, or with QR Code, the Scan to Pay dialog opens; on a phone with an app, the browser
 * goes to that app. Once the browser was sent to an app, the QR and the generic UPI link stay on the
 * page in case it does not open. Step 2: the WhatsApp draft with the amount, the reference and (on
 * the masterclass page) the carried e-mail; on the course page, "I've Sent My Details" to the
 * thank-you page.
 */
export function PaymentSteps({
  kind,
  upiId,
  payeeName,
  studioName,
  whatsapp,
  totalPaise,
  navigate = navigateBrowser,
}: PaymentStepsProps) {
  const isCourse = kind === 'course';
  const copy = isCourse ? coursePaymentCopy : masterclassPaymentCopy;
  const { visit, request, message, panel, claimProps } = usePaymentRequest({
    prefix: payableOfKind(kind).prefix,
    withEmail: !isCourse,
    upiId,
    payeeName,
    studioName,
    totalPaise,
    note: copy.note,
    chat: copy.chat,
  });
  const [modalFor, setModalFor] = useState<Choice | undefined>(undefined);
  const [sentTo, setSentTo] = useState<Choice | undefined>(undefined);
  const appName = (choice: Choice) => paymentOptions.find((o) => o.id === choice)?.name ?? 'your UPI app';
  // The QR is drawn in the dialog and after an app: its code arrives once the page is idle, before a tap.
  useEffect(() => whenIdle(() => void preloadUpiQr()), []);

  const pay = (choice: Choice) => {
    if (!request) return;
    const inDialog = isCourse ? prefersQrModal(window.innerWidth) : choice === 'qr' || !visit.platform;
    if (inDialog) {
      setModalFor(choice);
      return;
    }
    setSentTo(choice);
    navigate(
      choice !== 'upi' && choice !== 'qr' && visit.platform
        ? upiAppLink(choice, visit.platform, request)
        : upiLink(request),
    );
  };

  return (
    <>
      <PaymentStep id="step-1-heading" heading={copy.step1}>
        <p className={styles.hint}>{copy.step1Hint}</p>
        {isCourse ? <AppButtons upiId={upiId} onPay={pay} /> : <OptionChoice onPay={pay} />}
        <ReferenceAndFallback panel={panel} sentToAppName={sentTo ? appName(sentTo) : undefined} />
      </PaymentStep>

      <PaymentStep id="step-2-heading" heading={copy.step2}>
        <p>{copy.step2Body}</p>
        {visit.carried?.email ? <p className={styles.hint}>{masterclassPaymentCopy.emailCarried}</p> : null}
        <PaymentClaim {...claimProps} />
        <ChatLink whatsapp={whatsapp} message={message} />
        {isCourse ? (
          <SiteLink href={COURSE_DONE_PATH} className="btn btn-ghost">
            {coursePaymentCopy.sentDetails}
          </SiteLink>
        ) : null}
      </PaymentStep>

      <ScanToPayModal
        open={modalFor !== undefined}
        onClose={() => setModalFor(undefined)}
        {...panel}
        instructions={
          modalFor && modalFor !== 'upi' && modalFor !== 'qr'
            ? fillPaymentText(scanToPayCopy.scanWith, { app: appName(modalFor) })
            : scanToPayCopy.scanAny
        }
      />
    </>
  );
}

/** The course page's step 1: the app logos, "Pay via UPI" and Copy UPI ID. */
function AppButtons({ upiId, onPay }: { upiId: string; onPay: (choice: Choice) => void }) {
  const copy = coursePaymentCopy;
  return (
    <>
      <div className={styles.payRow}>
        <ul className={styles.appList} aria-label={copy.appsLabel}>
          {upiAppOptions.map((app) => (
            <li key={app.id}>
              <button type="button" className={styles.appButton} onClick={() => onPay(app.id)}>
                <PaymentMark id={app.id} />
                <span className="visually-hidden">{fillPaymentText(copy.payWith, { app: app.name })}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={() => onPay('upi')}>
          <UpiMark className={styles.upiMark} />
          {copy.payViaUpi}
        </button>
      </div>
      <CopyUpiId upiId={upiId} />
    </>
  );
}

/**
 * The masterclass page's step 1: one payment option, as native radio buttons drawn as logo cards
 * (arrow keys move the choice), then Proceed to Pay (which asks for an option first).
 */
function OptionChoice({ onPay }: { onPay: (choice: Choice) => void }) {
  const copy = masterclassPaymentCopy;
  const [selected, setSelected] = useState<PaymentOptionId | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  const choose = (id: PaymentOptionId) => {
    setSelected(id);
    setError(undefined);
  };

  const proceed = () => {
    if (selected) onPay(selected);
    else setError(copy.noOption);
  };

  return (
    <>
      <fieldset className={styles.options} aria-describedby={error ? ERROR_ID : undefined}>
        <legend className="visually-hidden">{copy.optionsLegend}</legend>
        {paymentOptions.map((option) => (
          <label key={option.id} className={clsx(styles.option, selected === option.id && styles.optionChecked)}>
            <input
              type="radio"
              name="payment-option"
              value={option.id}
              checked={selected === option.id}
              onChange={() => choose(option.id)}
              className={styles.optionInput}
            />
            <PaymentMark id={option.id} className={styles.optionLogo} />
            <span className={styles.optionName}>{option.name}</span>
          </label>
        ))}
      </fieldset>
      <p id={ERROR_ID} role="alert" className={styles.error}>
        {error ?? ''}
      </p>
      <button type="button" className="btn btn-primary" onClick={proceed}>
        {copy.proceed}
      </button>
    </>
  );
}

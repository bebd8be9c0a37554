'use client';

import { useEffect, useState } from 'react';
import { SiteLink } from '@/components/shell/site-link';
import { depositPaymentCopy as copy } from '@/content/payments';
import type { HeldBooking } from '@/lib/bookings/booking-contract';
import { mobilePlatform } from '@/lib/payments/device';
import { formatRupees } from '@/lib/payments/money';
import { payableOfKind } from '@/lib/payments/payables';
import { upiLink } from '@/lib/payments/upi-link';
import { HeldBookingReader } from '@/components/bookings/held-booking-reader';
import { PaymentClaim } from './payment-claim';
import { PaymentStep } from './payment-step';
import { UpiPayPanel } from './upi-pay-panel';
import styles from './payment.module.css';

/** The studio's UPI payee, from the build. */
export interface DepositPayTo {
  readonly upi: { readonly id: string; readonly payeeName: string };
}

/**
 * A booking's deposit page: its reference from the address (`?reference=`), its deposit from the
 * service, the UPI QR and link for that amount and reference, and the claim form (UTR and contact),
 * which posts as an HTML form like the other payment pages' claims.
 */
export function DepositPayment({ payTo }: { payTo: DepositPayTo }) {
  // On a phone the panel offers the UPI link to open an app; elsewhere the QR to scan.
  const [isPhone, setPhone] = useState(false);
  useEffect(() => setPhone(mobilePlatform(navigator.userAgent) !== undefined), []);
  return (
    <HeldBookingReader words={copy}>
      {(facts) => <DepositSteps facts={facts} payTo={payTo} isPhone={isPhone} />}
    </HeldBookingReader>
  );
}

function DepositSteps({
  facts,
  payTo,
  isPhone,
}: {
  facts: Pick<HeldBooking, 'reference' | 'depositPaise' | 'status'>;
  payTo: DepositPayTo;
  isPhone: boolean;
}) {
  if (facts.status === 'confirmed') return <p>{copy.confirmed}</p>;
  if (facts.status !== 'held')
    return (
      <p>
        {copy.ended.replace('{status}', facts.status)} <SiteLink href="/book">{copy.again}</SiteLink>
      </p>
    );
  const request = {
    payeeId: payTo.upi.id,
    payeeName: payTo.upi.payeeName,
    amountPaise: facts.depositPaise,
    note: `Deposit ${facts.reference}`,
    reference: facts.reference,
  };
  return (
    <>
      <p className={styles.lead}>
        {formatRupees(facts.depositPaise)}: booking {facts.reference}
      </p>
      <PaymentStep id="deposit-step-1" heading={copy.step1}>
        <UpiPayPanel
          link={upiLink(request)}
          amountPaise={facts.depositPaise}
          upiId={payTo.upi.id}
          payeeName={payTo.upi.payeeName}
          reference={facts.reference}
          isPhone={isPhone}
          instructions={copy.instructions}
        />
      </PaymentStep>
      <PaymentStep id="deposit-step-2" heading={copy.step2}>
        <p>{copy.step2Body}</p>
        <PaymentClaim
          reference={facts.reference}
          prefix={payableOfKind('studio-booking').prefix}
          amountPaise={facts.depositPaise}
        />
      </PaymentStep>
    </>
  );
}

'use client';

import { SiteLink } from '@/components/shell/site-link';
import { bookingHeldPage as copy } from '@/content/forms/booking';
import type { HeldBooking } from '@/lib/bookings/booking-contract';
import { indiaLabel } from '@/lib/india-time';
import { formatRupees } from '@/lib/payments/money';
import { upiLink } from '@/lib/payments/upi-link';
import { dayLabel, startLabel } from './free-starts';
import { HeldBookingReader } from './held-booking-reader';
import styles from './bookings.module.css';

/** The studio's ways to be paid and reached, from the build. */
export interface PayTo {
  readonly upi: { readonly id: string; readonly payeeName: string };
  readonly whatsapp: string;
}

/** The studio's names of the services, rooms and engineers by id, from the build (the service answers ids). */
export type BookingNames = Readonly<Record<'service' | 'room' | 'engineer', Readonly<Record<string, string>>>>;

function depositLink(facts: HeldBooking, payTo: PayTo): string | undefined {
  try {
    return upiLink({
      payeeId: payTo.upi.id,
      payeeName: payTo.upi.payeeName,
      amountPaise: facts.depositPaise,
      note: `Deposit ${facts.reference}`,
      reference: facts.reference.replace(/[^A-Za-z0-9]/g, ''),
    });
  } catch {
    return undefined;
  }
}

/**
 * The page after a booking: its reference from the address (`?reference=`), its facts from the
 * service, the deposit, the hold's deadline in India time and, while it is held, how to pay. Without JavaScript the
 * page's noscript note says where the same details are.
 */
export function BookingHeld({ payTo, names }: { payTo: PayTo; names: BookingNames }) {
  return (
    <HeldBookingReader words={copy}>
      {(facts) => <HeldDetails facts={facts} payTo={payTo} names={names} />}
    </HeldBookingReader>
  );
}

/** A held booking's facts and how to pay its deposit. */
function HeldDetails({ facts, payTo, names }: { facts: HeldBooking; payTo: PayTo; names: BookingNames }) {
  const deadline = indiaLabel(Date.parse(facts.holdUntil));
  const link = depositLink(facts, payTo);
  const rows: ReadonlyArray<readonly [string, string]> = [
    [copy.facts.reference, facts.reference],
    [copy.facts.service, names.service[facts.service] ?? facts.service],
    [copy.facts.room, names.room[facts.room] ?? facts.room],
    [copy.facts.engineer, names.engineer[facts.engineer] ?? facts.engineer],
    [
      copy.facts.when,
      `${dayLabel(facts.date)}, ${startLabel(facts.start)}, ${facts.hours === 1 ? '1 hour' : `${facts.hours} hours`}`,
    ],
    [copy.facts.total, formatRupees(facts.totalPaise)],
    [copy.facts.deposit, formatRupees(facts.depositPaise)],
    [copy.facts.holdUntil, deadline],
    [copy.facts.status, copy.statuses[facts.status]],
  ];
  return (
    <>
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.pay}>
        {facts.status === 'held' ? (
          <>
            <p>
              {copy.pay
                .replace('{amount}', formatRupees(facts.depositPaise))
                .replace('{deadline}', deadline)
                .replace('{reference}', facts.reference)}
            </p>
            <SiteLink href={`/book/deposit?reference=${facts.reference}`} className="btn btn-primary">
              {copy.payPage}
            </SiteLink>
            {link ? <a href={link}>{copy.payButton}</a> : null}
            <p>
              {copy.upiId} <strong>{payTo.upi.id}</strong> ({payTo.upi.payeeName}).{' '}
              <a href={`https://wa.me/${payTo.whatsapp}`}>{copy.whatsapp}</a>.
            </p>
          </>
        ) : null}
        <SiteLink href="/book">{copy.again}</SiteLink>
      </div>
    </>
  );
}

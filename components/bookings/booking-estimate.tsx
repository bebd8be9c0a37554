'use client';

import { useFormikContext } from 'formik';
import { useContext } from 'react';
import { bookingPage } from '@/content/forms/booking';
import { ANY_ENGINEER } from '@/lib/bookings/booking-contract';
import { bookingPrice } from '@/lib/bookings/price';
import type { BookingValues } from '@/lib/forms/booking';
import { formatRupees } from '@/lib/payments/money';
import { BookingContext } from './booking-fields';
import { engineersOf } from './free-starts';
import styles from './bookings.module.css';

/** Amounts as read: one figure, or the range of the engineers' figures ("₹5,000 to ₹6,200"). */
const range = (paise: readonly number[]) => {
  const low = Math.min(...paise);
  const high = Math.max(...paise);
  return low === high ? formatRupees(low) : `${formatRupees(low)} to ${formatRupees(high)}`;
};

/**
 * The price of the time chosen, with GST, and the deposit that holds it, by the service's own price
 * rule; for any engineer, the range over the room's engineers. Shown once a room and hours are
 * chosen; the held booking's page gives the amounts the studio asks.
 */
export function BookingEstimate() {
  const live = useContext(BookingContext);
  const { values } = useFormikContext<BookingValues>();
  if (!live) return null;
  const lists = live.availability ?? live.catalogue;
  const room = lists.rooms.find((r) => r.id === values.room);
  const hours = Number(values.hours);
  const engineers =
    values.engineer === ANY_ENGINEER
      ? engineersOf(lists.engineers, values.room)
      : lists.engineers.filter((e) => e.id === values.engineer);
  if (!room || !Number.isInteger(hours) || hours < 1 || engineers.length === 0) return null;
  const prices = engineers.map((engineer) =>
    bookingPrice({ room, engineer, hours, depositPercent: lists.rules.depositPercent, intraState: true }),
  );
  return (
    <section className={styles.estimateBox} aria-labelledby="booking-estimate-heading">
      <h2 id="booking-estimate-heading" className={styles.estimateHeading}>
        {bookingPage.estimate.heading}
      </h2>
      <dl className={styles.estimate}>
        <dt>{bookingPage.estimate.total}</dt>
        <dd>{range(prices.map((p) => p.totalPaise))}</dd>
        <dt>
          {bookingPage.estimate.deposit} ({lists.rules.depositPercent}%)
        </dt>
        <dd>{range(prices.map((p) => p.depositPaise))}</dd>
      </dl>
    </section>
  );
}

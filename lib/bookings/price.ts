/** A booking's price: the room and the engineer each at their hourly rate, or their day rate when that is less; GST on top; the deposit a percentage of the whole. */
import { taxSplit } from '@/lib/books/tax';
import type { BookableResource } from './booking-contract';

/** GST on studio services (SAC 9996): 18%. */
const STUDIO_GST_PERCENT = 18;

export interface BookingPrice {
  /** The room's and the engineer's charge, before GST. */
  readonly roomPaise: number;
  readonly engineerPaise: number;
  readonly taxablePaise: number;
  readonly gstPaise: number;
  readonly totalPaise: number;
  readonly depositPaise: number;
}

/** What `resource` charges for `hours`: hours at its rate, or its day rate when that is less. */
const chargeOf = (resource: BookableResource, hours: number) => Math.min(hours * resource.hourPaise, resource.dayPaise);

/**
 * The price of `hours` of `room` with `engineer`, in whole paise. `intraState`: CGST + SGST (each
 * rounded on its own, as the invoice prints them), else IGST.
 */
export function bookingPrice(input: {
  room: BookableResource;
  engineer: BookableResource;
  hours: number;
  depositPercent: number;
  intraState: boolean;
}): BookingPrice {
  const roomPaise = chargeOf(input.room, input.hours);
  const engineerPaise = chargeOf(input.engineer, input.hours);
  const tax = taxSplit(roomPaise + engineerPaise, STUDIO_GST_PERCENT, input.intraState);
  return {
    roomPaise,
    engineerPaise,
    taxablePaise: tax.taxablePaise,
    gstPaise: tax.totalPaise - tax.taxablePaise,
    totalPaise: tax.totalPaise,
    depositPaise: Math.round((tax.totalPaise * input.depositPercent) / 100),
  };
}

/**
 * Tickets for the door of an offline session or intake: what the QR code carries (a signed token
 * naming the seat and its session), the short code typed when a camera cannot read it, and what a
 * check-in answers. Shared by the service, the registrant's page and the dashboard's Check in view.
 */
import { type InferType, object, string } from 'yup';

/** A ticket's token: the seat's number, its session's number and a signature over both and the seat's key. */
export const ticketPattern = /^T([1-9]\d{0,9})\.([1-9]\d{0,9})\.([\w-]{22})$/;

/** The letters of short codes: no 0/O, 1/I/L or U, so what is read aloud or typed is not mistaken. */
export const codeAlphabet = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A typed short code as the service compares it: upper case, without spaces or dashes; undefined when it cannot be one. */
export function normalCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === 8 && [...code].every((ch) => codeAlphabet.includes(ch)) ? code : undefined;
}

/** A short code as shown on the ticket: two groups of four. */
export const shownCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The ticket the registrant's page and their confirmation show. */
export interface TicketView {
  token: string;
  code: string;
}

/** One scan or typed code as the phone sends it (and queues it while offline). */
export interface DoorScan {
  /** The phone's own id for this scan: sent again, it is answered as before and never counted twice. */
  scanId: string;
  token?: string;
  code?: string;
  /** When the scan was made (ISO): a queued scan is checked in at the time it was made. */
  scannedAt: string;
}

/** What a check-in answers. */
export interface CheckInAnswer {
  outcome: 'checked-in' | 'already' | 'other-session' | 'cancelled' | 'outside' | 'unknown';
  /** Shown large at the door: who it is and what happened. */
  message: string;
  name?: string;
  /** The payment: verified (paid in full), part of it received, claimed (sent, not yet verified) or none. */
  payment?: 'verified' | 'part' | 'claimed' | 'none';
  checkedInAt?: string;
}

const scanMessages = {
  noId: 'The scan has no id.',
  ticketOrCode: 'Send a ticket or a code.',
  notOurs: 'That QR code is not a ticket of ours.',
  badCode: 'A ticket code is 8 letters and digits, like ABCD-2345.',
  time: 'Send the time of the scan as text (ISO).',
} as const;

/**
 * A scan as the door phone sends it: its own id, the time it was made, and a ticket's token or a
 * typed code (the token wins when both are sent). Strict: a number is not text.
 */
export const scanBody = object({
  scanId: string()
    .typeError(scanMessages.noId)
    .required(scanMessages.noId)
    .matches(/^[\w-]{8,64}$/, scanMessages.noId),
  scannedAt: string().typeError(scanMessages.time),
  token: string().typeError(scanMessages.notOurs),
  code: string().typeError(scanMessages.badCode),
})
  .strict()
  .typeError(scanMessages.ticketOrCode)
  .required(scanMessages.ticketOrCode)
  .test('ticket-or-code', function (v) {
    // A token or code sent as anything but text has its own message already.
    if (typeof v.token !== 'string' && v.token !== undefined) return true;
    if (typeof v.code !== 'string' && v.code !== undefined) return true;
    if (v.token)
      return ticketPattern.test(v.token) || this.createError({ path: 'token', message: scanMessages.notOurs });
    if (v.code)
      return normalCode(v.code) !== undefined || this.createError({ path: 'code', message: scanMessages.badCode });
    return this.createError({ message: scanMessages.ticketOrCode });
  });

/** A checked scan at `nowMs`: the code written plain, and a time from the future or over a day old taken as now. */
export function scanOf(sent: InferType<typeof scanBody>, nowMs: number): DoorScan {
  const at = sent.scannedAt === undefined ? Number.NaN : Date.parse(sent.scannedAt);
  // A queued scan keeps its own time; one from the future or older than a day is taken as made now.
  const scannedAt = new Date(Number.isNaN(at) || at > nowMs || at < nowMs - 86_400_000 ? nowMs : at).toISOString();
  const { scanId } = sent;
  if (sent.token) return { scanId, token: sent.token, scannedAt };
  return { scanId, code: normalCode(sent.code ?? '') ?? '', scannedAt };
}

/** "18:42" in India time, as the door is told when a ticket was used. */
export const doorTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-IN', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

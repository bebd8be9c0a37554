import type { MobilePlatform } from './device';
import { upiAmount } from './money';

/** What a UPI payment request carries (NPCI linking specification). */
export interface UpiRequest {
  /** Payee VPA, e.g. studio@bank. */
  payeeId: string;
  /** Payee name as the app shows it. */
  payeeName: string;
  /** Amount in paise. */
  amountPaise: number;
  /** Short note (ASCII, at most 50 characters; longer or non-ASCII text is trimmed). */
  note: string;
  /** The visit's reference (alphanumeric, at most 35 characters). */
  reference: string;
}

/** The UPI apps a visitor can choose by name. */
export type UpiApp = 'gpay' | 'phonepe' | 'paytm';

const MAX_NOTE = 50;
const REFERENCE_PATTERN = /^[A-Za-z0-9]{1,35}$/;
const VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z0-9.-]{2,64}$/;

/**
 * Percent-encodes one UPI parameter value: like encodeURIComponent (so spaces become %20, never
 * '+'), also escaping !'()* , but leaving '@' readable as UPI apps expect in `pa`.
 */
export function encodeUpiValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%40', '@');
}

/** The note reduced to what every UPI app accepts: printable ASCII, single spaces, at most 50 characters. */
export function upiNote(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, MAX_NOTE)
    .trim();
}

/** The query part shared by every form of the link: pa, pn, am, cu, tn, tr, in that order. */
export function upiQuery(request: UpiRequest): string {
  if (!VPA_PATTERN.test(request.payeeId)) throw new Error(`Not a UPI id: "${request.payeeId}"`);
  if (!REFERENCE_PATTERN.test(request.reference)) throw new Error(`Not a UPI reference: "${request.reference}"`);
  if (request.payeeName.trim() === '') throw new Error('The UPI payee name is empty');
  const params: ReadonlyArray<readonly [string, string]> = [
    ['pa', request.payeeId],
    ['pn', request.payeeName.trim()],
    ['am', upiAmount(request.amountPaise)],
    ['cu', 'INR'],
    ['tn', upiNote(request.note)],
    ['tr', request.reference],
  ];
  return params
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${encodeUpiValue(value)}`)
    .join('&');
}

/** The generic upi://pay link: any UPI app on a phone, and the content of the QR code. */
export function upiLink(request: UpiRequest): string {
  return `upi://pay?${upiQuery(request)}`;
}

/** Android package names, for Chrome's intent links that target one app. */
const androidPackages: Record<UpiApp, string> = {
  gpay: 'com.google.android.apps.nbu.paisa.user',
  phonepe: 'com.phonepe.app',
  paytm: 'net.one97.paytm',
};

/** Each app's own URL scheme on iOS, where many apps claim upi:// and the system picks one. */
const iosPrefixes: Record<UpiApp, string> = {
  gpay: 'gpay://upi/pay?',
  phonepe: 'phonepe://pay?',
  paytm: 'paytmmp://pay?',
};

/**
 * The link that opens one named app: an intent link on Android (Chrome then opens that app, or its
 * store page when missing), the app's own scheme on iOS. The generic link and the QR stay on the
 * page as fallbacks, because neither form reports back whether the app opened.
 */
export function upiAppLink(app: UpiApp, platform: MobilePlatform, request: UpiRequest): string {
  const query = upiQuery(request);
  return platform === 'android'
    ? `intent://pay?${query}#Intent;scheme=upi;package=${androidPackages[app]};end`
    : `${iosPrefixes[app]}${query}`;
}

/** Reads the `am` value back from any form of the link (for checks that text and link agree). */
export function amountOfLink(link: string): string | undefined {
  return /[?&]am=([0-9.]+)/.exec(link)?.[1];
}

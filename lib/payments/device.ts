/** The platform families the payment pages tell apart. */
export type MobilePlatform = 'ios' | 'android';

/** The spec's device rule: a device is mobile when its user agent contains iPhone, iPad, iPod or Android. */
export function isMobileUserAgent(userAgent: string): boolean {
  return mobilePlatform(userAgent) !== undefined;
}

/** Which mobile family a user agent belongs to, or undefined for a desktop browser. */
export function mobilePlatform(userAgent: string): MobilePlatform | undefined {
  if (/Android/.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  return undefined;
}

/** The spec's breakpoint for the course page: wider than this opens the QR modal. */
const QR_MODAL_MIN_WIDTH = 768;

/** True when the window is wide enough for the QR modal rather than a jump to the UPI app. */
export function prefersQrModal(windowWidth: number): boolean {
  return windowWidth > QR_MODAL_MIN_WIDTH;
}

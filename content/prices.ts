/**
 * Prices, in integer paise (₹1 = 100 paise): the one source for every figure shown and every UPI
 * amount. GST is computed from the rate, never typed.
 */
export const GST_RATE_PERCENT = 18;

export const prices = {
  /** The 2-hour online masterclass: ₹99 + GST. */
  masterclass: 9_900,
  /** Course registration fee, valid for all certification courses and diplomas: ₹999 + GST. */
  courseRegistration: 99_900,
} as const satisfies Record<string, number>;

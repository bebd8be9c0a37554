import { GST_RATE_PERCENT } from '@/content/prices';

/** A price in paise with its GST and total, all integers in paise. */
export interface PriceWithGst {
  base: number;
  gst: number;
  total: number;
  ratePercent: number;
}

/** GST on a price in paise, rounded to the nearest paisa. */
export function gstPaise(basePaise: number, ratePercent: number = GST_RATE_PERCENT): number {
  assertPaise(basePaise);
  return Math.round((basePaise * ratePercent) / 100);
}

/** The price, its GST and the total to pay, in paise. */
export function withGst(basePaise: number, ratePercent: number = GST_RATE_PERCENT): PriceWithGst {
  const gst = gstPaise(basePaise, ratePercent);
  return { base: basePaise, gst, total: basePaise + gst, ratePercent };
}

/** Rupees as an Indian-grouped number without the symbol: 99, 17.82, 1,178.82 (paise shown only when not zero). */
export function formatRupeeFigure(paise: number): string {
  assertPaise(paise);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const grouped = groupIndian(String(rupees));
  return rest === 0 ? grouped : `${grouped}.${String(rest).padStart(2, '0')}`;
}

/** Rupees for reading, with the symbol: ₹99, ₹17.82, ₹1,178.82. */
export function formatRupees(paise: number): string {
  return `₹${formatRupeeFigure(paise)}`;
}

/** Rupees with exactly two decimals and no grouping (116.82, 1178.82, 999.00): a UPI link's `am` value and structured data's price. */
export function upiAmount(paise: number): string {
  assertPaise(paise);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** Paise from a displayed figure such as "₹1,178.82" or "116.82" (for checks that text and links agree). */
export function paiseFromText(text: string): number {
  const match = /(\d[\d,]*)(?:\.(\d{2}))?/.exec(text);
  if (!match?.[1]) throw new Error(`No amount in "${text}"`);
  return Number(match[1].replaceAll(',', '')) * 100 + Number(match[2] ?? '0');
}

// Indian grouping: the last three digits, then pairs (1,00,000). Done by hand so server and
// browser render the same text whatever ICU data each has.
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${last3}`;
}

function assertPaise(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not an amount in paise: ${value}`);
}

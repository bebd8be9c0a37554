import { formatRupeeFigure, formatRupees, type PriceWithGst } from './money';

/** The tokens payment copy may contain. */
export type PaymentTextToken = 'amount' | 'app' | 'upiId' | 'fee' | 'rate';

/** Fills {amount}, {app}, {upiId}, {fee} and {rate} in payment copy; unknown tokens stay as written. */
export function fillPaymentText(text: string, values: Partial<Record<PaymentTextToken, string>>): string {
  return text.replace(/\{(amount|app|upiId|fee|rate)\}/g, (whole, key: PaymentTextToken) => values[key] ?? whole);
}

/** A fee line such as "999 INR + 18% GST, ₹1,178.82 in total" from a template and a computed price. */
export function feeText(template: string, price: PriceWithGst): string {
  return fillPaymentText(template, {
    fee: formatRupeeFigure(price.base),
    rate: String(price.ratePercent),
    amount: formatRupees(price.total),
  });
}

/** Groups whole rupees the Indian way: 1,00,000 rather than 100,000. */
function groupIndian(rupees: number): string {
  const digits = String(rupees);
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

/** An amount in integer paise as shown to visitors: ₹99, ₹1,178.82 (paise only when there are some). */
export function formatRupees(paise: number): string {
  if (!Number.isInteger(paise) || paise < 0)
    throw new RangeError(`formatRupees: ${paise} is not a whole number of paise`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `₹${groupIndian(rupees)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** An amount in paise as a decimal string with two places, for structured data: 999.00. */
export function paiseToDecimal(paise: number): string {
  if (!Number.isInteger(paise) || paise < 0)
    throw new RangeError(`paiseToDecimal: ${paise} is not a whole number of paise`);
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** Formats an amount in integer paise as rupees: 9900 → "₹99", 11682 → "₹116.82". */
export function formatRupees(paise: number): string {
  if (!Number.isInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const whole = rupees.toLocaleString('en-IN');
  return rest === 0 ? `₹${whole}` : `₹${whole}.${String(rest).padStart(2, '0')}`;
}

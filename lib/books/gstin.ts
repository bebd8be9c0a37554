import { gstStates } from './states';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters (mod-36, weights 1 and 2 alternating). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARS.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36] ?? '';
}

/** Why a GSTIN is not valid, or undefined when it is (state code, PAN shape, `Z`, check character). */
export function gstinProblem(gstin: string): string | undefined {
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin))
    return 'must be a 15-character GSTIN such as 27AAPFU0939F1ZV (state code, PAN, entity number, Z, check character)';
  if (!gstStates[gstin.slice(0, 2)]) return `starts with ${gstin.slice(0, 2)}, which is no state's code`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'has a wrong check character (a typing mistake?)';
  return undefined;
}

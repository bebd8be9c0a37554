/** The browser's calls for payments: a payer's claim of a UPI payment (the staff's are in lib/dashboard/dashboard-client.ts). */
import { attempt, failureText, readAnswer, staffClient } from '@/lib/service-client';
import { claimMessages, type ClaimInput } from './claim';

export type ClaimResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Partial<Record<keyof ClaimInput, string>> };

const claimFields: readonly string[] = ['utr', 'contact', 'reference', 'state'] satisfies (keyof ClaimInput)[];
const isClaimField = (key: string): key is 'utr' | 'contact' | 'reference' | 'state' => claimFields.includes(key);

/**
 * Sends a payment claim to the service (POST /api/payments/claims, through the service's client).
 * A refusal (400: field problems; 409: UTR already claimed) comes with the service's words and field
 * errors; any other failure is said in failureText's words, and the payer is asked to send their
 * details on WhatsApp all the same.
 */
export async function sendClaim(input: ClaimInput): Promise<ClaimResult> {
  const sent = await attempt(
    () => staffClient().payments.claims.$post({ json: input }),
    async (res) => (await readAnswer(res)).message,
  );
  if (sent.ok) return { ok: true, message: sent.value ?? claimMessages.received };
  const errors = Object.fromEntries(Object.entries(sent.fieldErrors ?? {}).filter(([key]) => isClaimField(key)));
  return { ok: false, message: sent.message ?? `${failureText(sent)} ${claimMessages.sendOnWhatsApp}`, errors };
}

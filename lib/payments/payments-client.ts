import { readAnswer, staffClient } from '@/lib/service-client';
import { claimMessages, type ClaimInput } from './claim';

export type ClaimResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Partial<Record<keyof ClaimInput, string>> };

const claimFields: readonly string[] = ['utr', 'contact', 'reference', 'state'] satisfies (keyof ClaimInput)[];
const isClaimField = (key: string): key is 'utr' | 'contact' | 'reference' | 'state' => claimFields.includes(key);

/** Sends a payment claim to the service (POST /api/payments/claims, through the service's client). */
export async function sendClaim(input: ClaimInput): Promise<ClaimResult> {
  let res: Response;
  try {
    res = await staffClient().payments.claims.$post({ json: input });
  } catch {
    return {
      ok: false,
      message: `We could not reach our server. ${claimMessages.receivedNext.split('. ')[1] ?? ''}`.trim(),
      errors: {},
    };
  }
  // 201, or 400 (field problems) and 409 (UTR already claimed): read the same way, checked at run time.
  const answer = await readAnswer(res);
  if (res.status === 201) return { ok: true, message: answer.message ?? claimMessages.received };
  const errors = Object.fromEntries(Object.entries(answer.fieldErrors ?? {}).filter(([key]) => isClaimField(key)));
  return {
    ok: false,
    message: answer.message ?? `The service answered ${res.status}. Please try again in a minute.`,
    errors,
  };
}

/** The browser's calls for certificates: anyone's check of a serial, and a registrant's own list and PDFs. */
import { attempt, failureText, publicClient } from '@/lib/service-client';
import type { CertificateAnswer, OwnCertificate } from './certificates';

/** What a check of a serial came to: the service's answer, no such certificate, or no answer at all. */
export type CheckOutcome =
  | { kind: 'answer'; answer: CertificateAnswer }
  | { kind: 'unknown' }
  | { kind: 'error'; message: string };

/** A serial as a path segment (the typed client puts parameters in the path as they are given). */
const serialParam = (serial: string) => ({ param: { serial: encodeURIComponent(serial) } });

export async function checkCertificate(serial: string): Promise<CheckOutcome> {
  const read = await attempt(
    () => publicClient().certificates[':serial'].$get(serialParam(serial)),
    (res) => res.json(),
  );
  if (read.ok) return { kind: 'answer', answer: read.value };
  if (read.status === 404) return { kind: 'unknown' };
  // A refusal (too many checks from this address: 429) says why; else its status, or that the service is away.
  return { kind: 'error', message: failureText(read) };
}

/** The registrant's certificates (their page's token in a header); empty when there are none or they cannot be had. */
export async function fetchOwnCertificates(token: string): Promise<OwnCertificate[]> {
  const read = await attempt(
    () => publicClient(token).registrant.certificates.$get(),
    (res) => res.json(),
  );
  return read.ok ? read.value.certificates : [];
}

/** One of the registrant's certificates as a PDF; undefined when it cannot be had. */
export async function fetchOwnCertificatePdf(token: string, serial: string): Promise<Blob | undefined> {
  const read = await attempt(
    () => publicClient(token).registrant.certificates[':serial'].pdf.$get(serialParam(serial)),
    (res) => res.blob(),
  );
  return read.ok ? read.value : undefined;
}

/** The browser's calls for certificates: anyone's check of a serial, and a registrant's own list and PDFs. */
import { asRegistrant } from '@/lib/books/client';
import { readAnswer, serviceFetch } from '@/lib/service-client';
import { type CertificateAnswer, certificateApiPath, type OwnCertificate } from './certificates';

/** What a check of a serial came to: the service's answer, no such certificate, or no answer at all. */
export type CheckOutcome =
  | { kind: 'answer'; answer: CertificateAnswer }
  | { kind: 'unknown' }
  | { kind: 'error'; message: string };

const unreachable = 'Our service could not be reached. Please try again in a minute.';

export async function checkCertificate(serial: string): Promise<CheckOutcome> {
  try {
    const res = await serviceFetch(certificateApiPath(serial), { headers: { Accept: 'application/json' } });
    if (res.status === 404) return { kind: 'unknown' };
    // A refusal (too many checks from this address: 429) says why; anything else is the service being away.
    if (!res.ok) return { kind: 'error', message: (await readAnswer(res)).message ?? unreachable };
    return { kind: 'answer', answer: (await res.json()) as CertificateAnswer };
  } catch {
    return { kind: 'error', message: unreachable };
  }
}

/** The registrant's certificates (their page's token in a header); empty when there are none or they cannot be had. */
export async function fetchOwnCertificates(token: string): Promise<OwnCertificate[]> {
  try {
    const res = await serviceFetch('/api/registrant/certificates', asRegistrant(token));
    return res.ok ? ((await res.json()) as { certificates: OwnCertificate[] }).certificates : [];
  } catch {
    return [];
  }
}

/** One of the registrant's certificates as a PDF; undefined when it cannot be had. */
export async function fetchOwnCertificatePdf(token: string, serial: string): Promise<Blob | undefined> {
  try {
    const res = await serviceFetch(
      `/api/registrant/certificates/${encodeURIComponent(serial)}/pdf`,
      asRegistrant(token),
    );
    return res.ok ? await res.blob() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Certificates as the site shows them: the verification page's path and answer, and the wording
 * the PDF, the page and the registrant's page share.
 */

/** The public verification page. */
export const verifyPagePath = '/verify-certificate';

/** The service's public answer for one serial (GET; 404 for a serial it never issued). */
export const certificateApiPath = (serial: string) => `/api/certificates/${encodeURIComponent(serial)}` as const;

/** The verification page's address for a serial: what the certificate's QR code holds. */
export const verifyUrl = (siteUrl: string, serial: string): string =>
  `${siteUrl.replace(/\/$/, '')}${verifyPagePath}?serial=${encodeURIComponent(serial)}`;

export type CertificateKind = 'completion' | 'participation';

export const kindTitle: Record<CertificateKind, string> = {
  completion: 'Certificate of completion',
  participation: 'Certificate of participation',
};

/**
 * GET /api/certificates/<serial>: for whom and what, nothing else about the person; a withdrawn
 * certificate (erased at the holder's request) names neither.
 */
export type CertificateAnswer =
  | {
      serial: string;
      /** 'not-valid': issued against the rules (no attendance inside the session, no payment, or before its end). */
      status: 'valid' | 'revoked' | 'not-valid';
      kind: CertificateKind;
      holder: string;
      course: string;
      studio: string;
      dates: string;
      issuedOn: string;
      revokedOn: string | null;
    }
  | { serial: string; status: 'withdrawn' };

/** A certificate on its holder's own page. */
export interface OwnCertificate {
  serial: string;
  kind: CertificateKind;
  course: string;
  issuedOn: string;
  status: 'valid' | 'revoked' | 'withdrawn' | 'not-valid';
}

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** "8 January 2027", India time. */
export const dayText = (at: string): string => dayFormat.format(new Date(at));

/** The dates a certificate names: the masterclass's day, or the intake's span to its completion. */
export function datesText(startsAt: string, endsAt: string): string {
  const from = dayText(startsAt);
  const to = dayText(endsAt);
  return from === to ? from : `${from} to ${to}`;
}

/** The answer's verdict in words, as the verification page heads it. */
export function verdictOf(answer: CertificateAnswer | undefined): string {
  if (!answer) return 'No certificate has this serial number. Check it as printed on the certificate.';
  if (answer.status === 'withdrawn')
    return 'This certificate was withdrawn at the holder’s request: its details are no longer held.';
  if (answer.status === 'revoked') return `This certificate was revoked on ${answer.revokedOn}: it is not valid.`;
  if (answer.status === 'not-valid')
    return 'This certificate is not valid: it was issued without attendance and payment, or before the course ended.';
  return 'This certificate is valid.';
}

import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { validator } from 'hono/validator';
import { type CertificateAnswer, datesText, dayText, type OwnCertificate } from '@/lib/certificates/certificates';
import type { StaffVars } from '../platform/auth';
import { registrantOf } from '../books/books';
import { certificatePdf } from './certificate-pdf';
import { idParams, jsonOf, oneLine, sentObject, storedInteger } from '../platform/validate';
import { array, boolean } from 'yup';
import type { RegistrantLinks } from '../sessions/join';
import {
  type Certificate,
  certificateBySerial,
  certificatesOfRegistrations,
  type CertifyWhom,
  issueCertificates,
  type SkipReason,
  normalSerial,
  revokeCertificate,
  statusOf,
} from './certificates-store';
import { getSession } from '../sessions/sessions-store';
import type { Store } from '../store/store';
import { jsonBody } from '../platform/http';

export interface CertificateOptions {
  store: Store;
  /** SITE_URL: the verification page the QR codes lead to. */
  siteUrl: string;
  /** The studio's name as certificates issued now show it. */
  studioName: string;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  publicGuards: readonly MiddlewareHandler[];
  /** The registrants' links: a registrant reads and downloads their own certificates with their page's token. */
  links: RegistrantLinks;
  now: () => Date;
  /** How long before a session starts its door opens: attendance counts from then to its end (CHECK_IN_OPENS_MINUTES). */
  opensMinutes: number;
}

/** What staff are told of a registration chosen for a certificate that gets none. */
const skipWords: Record<SkipReason, string> = {
  'no-seat': 'no seat in this session',
  'not-ended': 'the session or intake has not ended yet',
  'not-attended': 'no attendance inside the session’s time',
  'not-paid': 'the price is not fully received',
};

/** The public answer for a certificate: for whom and what, or (withdrawn) nothing about the person. */
function answerOf(c: Certificate): CertificateAnswer {
  const status = statusOf(c);
  if (status === 'withdrawn') return { serial: c.serial, status };
  return {
    serial: c.serial,
    status,
    kind: c.kind,
    holder: c.holderName,
    course: c.course,
    studio: c.studioName,
    dates: datesText(c.startsAt, c.endsAt),
    issuedOn: dayText(c.issuedAt),
    revokedOn: c.revokedAt ? dayText(c.revokedAt) : null,
  };
}

const ownOf = (c: Certificate): OwnCertificate => ({
  serial: c.serial,
  kind: c.kind,
  course: c.course,
  issuedOn: dayText(c.issuedAt),
  status: statusOf(c),
});

const unknownSerial = { message: 'No certificate has this serial number. Check it as printed on the certificate.' };

const chooseWhom = 'Send {"registrations": [registration numbers]} or {"attended": true}.';
const byNumber = 'Registrations are given by their numbers (whole numbers, as the roster shows them).';

/** Who to certify, as staff send it: `{registrations: [ids]}` or `{attended: true}`. */
const whomBody = sentObject(
  {
    attended: boolean().typeError(chooseWhom),
    registrations: array(storedInteger(byNumber)).typeError(chooseWhom).min(1, chooseWhom).max(1000, chooseWhom),
  },
  chooseWhom,
).test({
  name: 'whom',
  message: chooseWhom,
  test: (v) => v.attended === true || v.registrations !== undefined,
});

/** The reason a certificate is revoked: told in its check, up to 500 characters. */
const giveReason = 'Give the reason for revoking it (up to 500 characters).';
const revokeBody = sentObject({ reason: oneLine(500, giveReason) }).strict(false);

/**
 * Certificates: staff issue them from a session's roster (each seat's certificate is issued once:
 * asking again answers the same one) and revoke them; anyone checks a serial; a registrant lists and
 * downloads their own with their page's token.
 */
export function certificateRoutes(opts: CertificateOptions) {
  const { store, staffOnly } = opts;
  const pdf = async (c: Context, certificate: Certificate) =>
    c.body(Buffer.from(await certificatePdf(certificate, opts.siteUrl)), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="certificate-${certificate.serial}.pdf"`,
    });
  const serialOf = validator('param', (value: Record<string, string>, c) => {
    const serial = normalSerial(value.serial ?? '');
    return serial ? { serial } : c.json(unknownSerial, 404);
  });
  /** The registrant's certificates (their page's token in the Authorization header), or undefined for a bad link. */
  const ownCertificates = async (c: Context) => {
    const id = await registrantOf(c, opts.links, store.db);
    return id === undefined ? undefined : certificatesOfRegistrations(store.db, [id], opts.opensMinutes);
  };
  const badLink = (c: Context) => c.json({ message: 'This link is not valid.' }, 404);
  const sessionId = idParams('There is no such session.', 'id');
  return new Hono<{ Variables: StaffVars }>()
    .post(
      '/sessions/manage/:id{[0-9]{1,9}}/certificates',
      staffOnly,
      sessionId,
      jsonBody,
      jsonOf(whomBody),
      async (c) => {
        const session = await getSession(store.db, c.req.valid('param').id);
        if (!session) return c.json({ message: 'There is no such session.' }, 404);
        const sent = c.req.valid('json');
        const whom: CertifyWhom =
          sent.attended === true ? { attended: true } : { registrations: sent.registrations ?? [] };
        const outcome = await issueCertificates(store.db, session.id, whom, {
          by: c.get('staff').name,
          studioName: opts.studioName,
          now: opts.now(),
          opensMinutes: opts.opensMinutes,
        });
        const already = outcome.certificates.length - outcome.issued;
        const message = [
          `${outcome.issued} certificate(s) issued and e-mailed`,
          ...(already > 0 ? [`${already} issued before (the same certificate stands)`] : []),
          ...(outcome.refused.length > 0
            ? [`nothing for registration(s) ${outcome.refused.join(', ')}: no seat in this session, or cancelled`]
            : []),
          ...outcome.skipped.map((x) => `skipped registration #${x.registrationId}: ${skipWords[x.reason]}`),
        ].join('; ');
        return c.json(
          {
            message:
              outcome.certificates.length === 0 && outcome.skipped.length === 0 && 'attended' in whom
                ? 'No one has attended yet.'
                : `${message}.`,
            issued: outcome.issued,
            refused: outcome.refused,
            skipped: outcome.skipped,
            certificates: outcome.certificates.map((x) => ({ registrationId: x.registrationId, ...answerOf(x) })),
          },
          200,
        );
      },
    )
    .post('/certificates/:serial/revoke', staffOnly, serialOf, jsonBody, jsonOf(revokeBody), async (c) => {
      const { reason } = c.req.valid('json');
      const { serial } = c.req.valid('param');
      const revoked = await revokeCertificate(store.db, serial, { by: c.get('staff').name, reason, now: opts.now() });
      if (revoked) return c.json({ message: `Certificate ${serial} is revoked.` }, 200);
      return (await certificateBySerial(store.db, serial))
        ? c.json({ message: 'This certificate is already revoked or withdrawn.' }, 409)
        : c.json(unknownSerial, 404);
    })
    .get('/certificates/:serial/pdf', staffOnly, serialOf, async (c) => {
      const certificate = await certificateBySerial(store.db, c.req.valid('param').serial, opts.opensMinutes);
      return certificate && statusOf(certificate) !== 'withdrawn' ? pdf(c, certificate) : c.json(unknownSerial, 404);
    })
    .get('/certificates/:serial', every(...opts.publicGuards), serialOf, async (c) => {
      const certificate = await certificateBySerial(store.db, c.req.valid('param').serial, opts.opensMinutes);
      return certificate ? c.json(answerOf(certificate), 200) : c.json(unknownSerial, 404);
    })
    .get('/registrant/certificates', every(...opts.publicGuards), async (c) => {
      const own = await ownCertificates(c);
      c.header('Cache-Control', 'no-store');
      return own ? c.json({ certificates: own.map(ownOf) }, 200) : badLink(c);
    })
    .get('/registrant/certificates/:serial/pdf', every(...opts.publicGuards), serialOf, async (c) => {
      const { serial } = c.req.valid('param');
      const certificate = (await ownCertificates(c))?.find((x) => x.serial === serial);
      return certificate && statusOf(certificate) !== 'withdrawn' ? pdf(c, certificate) : badLink(c);
    });
}

export type CertificateRoutes = ReturnType<typeof certificateRoutes>;

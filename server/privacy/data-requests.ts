import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { object, string } from 'yup';
import { yourDataPath } from '@/lib/privacy/your-data';
import { personFileName, personJson } from '@/lib/privacy/export';
import { personKeyOf } from '@/lib/privacy/person';
import type { PersonRecord } from '@/lib/privacy/record';
import type { SitePage } from '../platform/form-refill';
import { answer, asJson, howOf, isFormPost, type Outcome, urlEncodedFields } from '../platform/outcome';
import { jsonOf } from '../platform/validate';
import { addRequest, requestDueDays } from './requests-store';
import { erasuresOf } from './erasure-store';
import { findPerson } from './people-store';
import { linkMinutes, openLink, queueLink, sessionEmail } from './your-data-store';
import type { Store } from '../store/store';
import { jsonBody } from '../platform/http';

export interface DataRequestOptions {
  store: Store;
  /** The site's public address (SITE_URL): links are built from it, never from the request's Host. */
  siteUrl: string;
  studioName: string;
  grievance: { name: string; email: string };
  /** Whether e-mail is set up (SMTP_URL): links go through the outbox (server/privacy/privacy-mail.ts). */
  emailOn?: boolean;
  /** The body size limit and the per-address rate limit of public submissions. */
  publicGuards: readonly MiddlewareHandler[];
  now: () => Date;
  /** The built pages: a link asked for without JavaScript is answered with the "Your data" page. */
  sitePage?: SitePage;
}

const yourDataMessages = {
  sent: `If this address can receive e-mail, a link to your data is on its way. It works once, for ${linkMinutes} minutes. Check your spam folder if it does not arrive.`,
  email: 'Enter a valid e-mail address.',
  expired: 'This link has expired or was already used. Ask for a new one below.',
  session: 'Your link has expired. Ask for a new one.',
  details: 'Say what should be corrected (at most 2,000 characters).',
} as const;

/** The visitor's view of what is held: the records without staff names. */
function visitorView(record: PersonRecord): PersonRecord {
  return {
    ...record,
    submissions: record.submissions.map((s) => ({ ...s, history: s.history.map((h) => ({ ...h, staff: 'staff' })) })),
  };
}

const unknownField = 'Unknown field';
/** The JSON bodies of the "Your data" routes, read by jsonOf (server/platform/validate.ts). */
export const yourDataBodies = {
  link: object({
    email: string().typeError(yourDataMessages.email).required(yourDataMessages.email),
  }).noUnknown(unknownField),
  /** A token that is not text of the link's shape is answered like an expired one (410). */
  open: object({ token: string().typeError(yourDataMessages.expired).default('') }).noUnknown(unknownField),
  request: object({
    kind: string()
      .oneOf(['correction', 'erasure'] as const, 'Ask for a correction or an erasure.')
      .required('Ask for a correction or an erasure.'),
    details: string().typeError(yourDataMessages.details).trim().max(2000, yourDataMessages.details).default(''),
  }).noUnknown(unknownField),
};

type Refused = Extract<Outcome, { kind: 'refused' }>;
type Received = Extract<Outcome, { kind: 'received' }>;
const refused = (status: 400 | 401 | 410 | 503, message: string): Refused => ({ kind: 'refused', status, message });

/**
 * A link asked for, decided: refused for an address that is not an e-mail, or when e-mail is off
 * (`mail.off`); else `queue` (the outbox) is given the address and the same answer follows whether or
 * not it is known.
 */
export async function askLink(
  email: unknown,
  mail: { on: boolean; off: string },
  queue: (email: string) => Promise<unknown>,
): Promise<Refused | Received> {
  const key = typeof email === 'string' ? personKeyOf(email) : undefined;
  if (key?.kind !== 'email') return refused(400, yourDataMessages.email);
  if (!mail.on) return refused(503, mail.off);
  // Known and unknown addresses alike: the link is queued in the outbox (which sends and retries
  // it) without looking the address up; past the address's limit, silently not queued.
  await queue(key.value);
  return { kind: 'received', status: 202, message: yourDataMessages.sent, kept: true };
}

/**
 * The visitor's own requests (the "Your data" page): a one-time link by e-mail, then a view and a
 * download of what is held, and requests for correction or erasure (dashboard items, due in
 * requestDueDays, the studio told by e-mail). The first answer is the same text, at once, whether or
 * not the address is known: the link is queued without a look-up, and sent by the outbox. Chained,
 * so that the page's typed client (lib/service-client.ts) knows them.
 */
export function dataRequestRoutes(opts: DataRequestOptions) {
  const guards = every(...opts.publicGuards);
  const mail = {
    on: Boolean(opts.emailOn),
    off: `E-mail is not set up on this site yet, so we cannot send you a link. Write to ${opts.grievance.name} at ${opts.grievance.email} and we will answer within ${requestDueDays} days.`,
  };
  const queue = (email: string) => queueLink(opts.store.db, email, opts.now());

  /** The address of the session in the Authorization header, or undefined (answered 401). */
  const sessionOf = async (c: Context): Promise<string | undefined> => {
    const session = c.req.header('authorization')?.match(/^Bearer\s+([A-Za-z0-9_-]{20,100})$/)?.[1];
    return session ? await sessionEmail(opts.store.db, session, opts.now()) : undefined;
  };
  const expiredSession = refused(401, yourDataMessages.session);
  const view = async (email: string) => {
    const key = { kind: 'email', value: email } as const;
    return {
      person: visitorView(await findPerson(opts.store.db, key)),
      erasures: await erasuresOf(opts.store.db, key),
    };
  };
  /** Without JavaScript the page's form posts the address itself: answered with the page and the message. */
  const linkForm: MiddlewareHandler = async (c, next) => {
    if (!isFormPost(c)) return next();
    const { email } = urlEncodedFields(await c.req.text());
    const values = { email: typeof email === 'string' ? email : '' };
    return answer(
      c,
      await askLink(email, mail, queue),
      await howOf(c, { sitePage: opts.sitePage, page: yourDataPath, values }),
    );
  };

  return new Hono()
    .post('/your-data/link', guards, linkForm, jsonBody, jsonOf(yourDataBodies.link), async (c) =>
      answer(c, await askLink(c.req.valid('json').email, mail, queue), asJson),
    )
    .post('/your-data/open', guards, jsonBody, jsonOf(yourDataBodies.open), async (c) => {
      const { token } = c.req.valid('json');
      const opened = /^[A-Za-z0-9_-]{20,100}$/.test(token)
        ? await openLink(opts.store.db, token, opts.now())
        : undefined;
      if (!opened) return answer(c, refused(410, yourDataMessages.expired), asJson);
      return c.json({ session: opened.session, expiresAt: opened.expiresAt, ...(await view(opened.email)) }, 200);
    })
    .post('/your-data/view', guards, async (c) => {
      const email = await sessionOf(c);
      if (!email) return answer(c, expiredSession, asJson);
      return c.json(await view(email), 200);
    })
    .post('/your-data/download', guards, async (c) => {
      const email = await sessionOf(c);
      if (!email) return answer(c, expiredSession, asJson);
      const now = opts.now();
      const { person } = await view(email);
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${personFileName('json', now)}"`);
      return c.body(personJson(person, opts.studioName, now), 200);
    })
    .post('/your-data/requests', guards, jsonBody, jsonOf(yourDataBodies.request), async (c) => {
      const email = await sessionOf(c);
      if (!email) return answer(c, expiredSession, asJson);
      const { kind, details } = c.req.valid('json');
      if (kind === 'correction' && !details) return answer(c, refused(400, yourDataMessages.details), asJson);
      const request = await addRequest(opts.store, kind, email, details, opts.now());
      const due = request.dueAt.slice(0, 10);
      return c.json(
        {
          message: `Your request is received. We will do it by ${due} and tell you by e-mail.`,
          request: { id: request.id, kind, dueAt: request.dueAt },
        },
        201,
      );
    });
}

/** The "Your data" routes' types, for the page's typed client. */
export type YourDataRoutes = ReturnType<typeof dataRequestRoutes>;

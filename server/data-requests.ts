import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { yourDataPath } from '@/lib/privacy/your-data';
import { personFileName, personJson } from '@/lib/privacy/export';
import { personKeyOf } from '@/lib/privacy/person';
import type { PersonRecord } from '@/lib/privacy/record';
import { formPageAnswer, isFormPost, urlEncodedFields } from './form-door';
import type { SitePage } from './form-refill';
import { isPlainObject, readJson } from './http';
import {
  addRequest,
  erasuresOf,
  findPerson,
  linkMinutes,
  openLink,
  queueLink,
  requestDueDays,
  sessionEmail,
} from './store/people';
import type { Store } from './store/store';

export interface DataRequestOptions {
  store: Store;
  /** The site's public address (SITE_URL): links are built from it, never from the request's Host. */
  siteUrl: string;
  studioName: string;
  grievance: { name: string; email: string };
  /** Whether e-mail is set up (SMTP_URL): links go through the outbox (server/privacy-mail.ts). */
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

/**
 * The visitor's own requests (the "Your data" page): a one-time link by e-mail, then a view and a
 * download of what is held, and requests for correction or erasure (dashboard items, due in
 * requestDueDays, the studio told by e-mail). The first answer is the same text, at once, whether or
 * not the address is known: the link is queued without a look-up, and sent by the outbox.
 */
export function dataRequestRoutes(opts: DataRequestOptions) {
  const guards = every(...opts.publicGuards);
  const noMail = {
    message: `E-mail is not set up on this site yet, so we cannot send you a link. Write to ${opts.grievance.name} at ${opts.grievance.email} and we will answer within ${requestDueDays} days.`,
  };

  /** The address of the session in the Authorization header, or an answer to send back. */
  const sessionOf = async (c: Context): Promise<string | Response> => {
    const session = c.req.header('authorization')?.match(/^Bearer\s+([A-Za-z0-9_-]{20,100})$/)?.[1];
    const email = session ? await sessionEmail(opts.store.db, session, opts.now()) : undefined;
    return email ?? c.json({ message: yourDataMessages.session }, 401);
  };
  const view = async (email: string) => {
    const key = { kind: 'email', value: email } as const;
    return {
      person: visitorView(await findPerson(opts.store.db, key)),
      erasures: await erasuresOf(opts.store.db, key),
    };
  };
  const objectBody = async (c: Context) => {
    const body = await readJson(c);
    return body.ok && isPlainObject(body.value) ? body.value : undefined;
  };

  return new Hono()
    .post('/your-data/link', guards, async (c) => {
      // Without JavaScript the page's form posts here itself; the answer is the page with the message.
      const html = isFormPost(c);
      const body = html ? urlEncodedFields(await c.req.text()) : await objectBody(c);
      const email = body?.email;
      const answer = (message: string, status: 202 | 400 | 503) =>
        html
          ? formPageAnswer(
              c,
              opts.sitePage,
              {
                page: yourDataPath,
                summary: message,
                values: { email: typeof email === 'string' ? email : '' },
                outcome: status === 202 ? 'done' : 'refused',
              },
              status,
            )
          : c.json({ message }, status);
      const key = typeof email === 'string' ? personKeyOf(email) : undefined;
      if (key?.kind !== 'email') return answer(yourDataMessages.email, 400);
      if (!opts.emailOn) return answer(noMail.message, 503);
      // Known and unknown addresses alike: the link is queued in the outbox (which sends and retries
      // it) without looking the address up; past the address's limit, silently not queued.
      await queueLink(opts.store.db, key.value, opts.now());
      return answer(yourDataMessages.sent, 202);
    })
    .post('/your-data/open', guards, async (c) => {
      const body = await objectBody(c);
      const token = typeof body?.token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(body.token) ? body.token : '';
      const opened = token ? await openLink(opts.store.db, token, opts.now()) : undefined;
      if (!opened) return c.json({ message: yourDataMessages.expired }, 410);
      return c.json({ session: opened.session, expiresAt: opened.expiresAt, ...(await view(opened.email)) }, 200);
    })
    .post('/your-data/view', guards, async (c) => {
      const email = await sessionOf(c);
      if (email instanceof Response) return email;
      return c.json(await view(email), 200);
    })
    .post('/your-data/download', guards, async (c) => {
      const email = await sessionOf(c);
      if (email instanceof Response) return email;
      const now = opts.now();
      const { person } = await view(email);
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${personFileName('json', now)}"`);
      return c.body(personJson(person, opts.studioName, now));
    })
    .post('/your-data/requests', guards, async (c) => {
      const email = await sessionOf(c);
      if (email instanceof Response) return email;
      const body = await objectBody(c);
      const kind = body?.kind === 'erasure' ? 'erasure' : body?.kind === 'correction' ? 'correction' : undefined;
      const details = typeof body?.details === 'string' ? body.details.trim() : '';
      if (!kind) return c.json({ message: 'Ask for a correction or an erasure.' }, 400);
      if ((kind === 'correction' && !details) || details.length > 2000)
        return c.json({ message: yourDataMessages.details }, 400);
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

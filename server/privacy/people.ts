import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { mixed } from 'yup';
import { personCsv, personFileName, personJson } from '@/lib/privacy/export';
import { maskedKey, type PersonKey, personKeyOf } from '@/lib/privacy/person';
import type { StaffVars } from '../platform/auth';
import { appendTombstone } from './erasure-ledger';
import { idParams, jsonOf, sentObject, storedInteger, text } from '../platform/validate';
import { closeRequest, getRequest, listRequests } from './requests-store';
import { correctField, findPerson, subjectHash } from './people-store';
import { erasePerson, erasuresOf } from './erasure-store';
import { isOwner, listLog, logAction } from './access-log-store';
import { queueAnswer } from './your-data-store';
import type { Store } from '../store/store';
import { jsonBody } from '../platform/http';

export interface PeopleOptions {
  store: Store;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  /** The studio's name, in downloads and e-mails. */
  studioName: string;
  /** Whether e-mail is set up (SMTP_URL): answers to visitors are queued in the outbox. */
  emailOn?: boolean;
  /** Where each erasure's tombstone is also kept, outside the database (server/privacy/erasure-ledger.ts). */
  erasureLedger?: string;
  now: () => Date;
}

/** Erases a person and keeps the tombstone in the ledger too, so that a restore cannot lose it. */
async function erase(opts: PeopleOptions, key: PersonKey, by: string, reason: string) {
  const now = opts.now();
  const result = await erasePerson(opts.store, key, by, reason, now);
  if (opts.erasureLedger)
    appendTombstone(opts.erasureLedger, { hash: subjectHash(key), erasedAt: now.toISOString(), by, reason });
  return result;
}

type Env = { Variables: StaffVars };

const messages = {
  address: 'Enter an e-mail address or a ten-digit phone number.',
  noSubmission: 'This person has no such submission, or it has no such text field.',
  value: 'The new value must be text of at most 2,000 characters.',
  ownerOnly: "Only the studio's owner (the first staff account) can read the access log.",
  noRequest: 'There is no such open request.',
  confirm: 'Erasure cannot be undone: confirm it (send confirm: "erase").',
} as const;

/** The person a body's `q` names: an e-mail address or a ten-digit phone number. */
const personQ = text(messages.address)
  .required(messages.address)
  .test('person', messages.address, (q) => personKeyOf(q) !== undefined);

/** The person named by a checked `q` (the schema has made sure there is one). */
const keyOf = (c: Context, q: string) => personKeyOf(q) ?? c.json({ message: messages.address }, 400);

const personBody = sentObject({ q: personQ });
const exportBody = sentObject({ q: personQ, format: text('The format is json or csv.') });
const correctBody = sentObject({
  q: personQ,
  form: text(messages.noSubmission).required(messages.noSubmission),
  id: storedInteger(messages.noSubmission),
  field: text(messages.noSubmission).required(messages.noSubmission),
  value: text(messages.value).required(messages.value).max(2000, messages.value),
});
const eraseBody = sentObject({
  q: personQ,
  confirm: text(messages.confirm).required(messages.confirm).oneOf(['erase'], messages.confirm),
  reason: text('The reason must be text.'),
});
const chooseAction = 'The action must be erase (erasure requests), done or refuse.';
const answerBody = sentObject({
  action: mixed<'erase' | 'done' | 'refuse'>().oneOf(['erase', 'done', 'refuse'], chooseAction).required(chooseAction),
  outcome: text('The outcome must be text.'),
  confirm: text(messages.confirm),
});
const logBody = sentObject({
  q: text(messages.address).test('person', messages.address, (q) => !q?.trim() || personKeyOf(q) !== undefined),
});

/** The visitor's request a staff answer is for. */
const requestId = idParams(messages.noRequest, 'id');

/** Queues the answer to a visitor's request in the outbox (when e-mail is set up); true when queued. */
async function tellVisitor(opts: PeopleOptions, to: string | null, requestId: number, text: string): Promise<boolean> {
  if (!to || !opts.emailOn) return false;
  await queueAnswer(opts.store.db, to, requestId, text);
  return true;
}

/**
 * The staff's view of one person across every table (POST, so that no address is in a URL or a
 * log line): search, export (JSON, CSV), correct a field, erase; the visitors' requests; the access
 * log (owner only). Every view, export, correction and erasure is written to the access log.
 */
export function peopleRoutes(opts: PeopleOptions) {
  const who = (c: Context<Env>) => c.get('staff').name;
  const ownerOnly = createMiddleware<Env>(async (c, next) => {
    if (!(await isOwner(opts.store.db, c.get('staff').id))) return c.json({ message: messages.ownerOnly }, 403);
    await next();
  });
  return new Hono<Env>()
    .post('/people/search', opts.staffOnly, jsonBody, jsonOf(personBody), async (c) => {
      const key = keyOf(c, c.req.valid('json').q);
      if (key instanceof Response) return key;
      const person = await findPerson(opts.store.db, key);
      const erasures = await erasuresOf(opts.store.db, key);
      const found = person.submissions.length + person.claims.length + person.requests.length;
      await logAction(opts.store.db, who(c), 'view', subjectHash(key), `${found} record(s)`, opts.now());
      return c.json({ person, erasures, masked: maskedKey(key) }, 200);
    })
    .post('/people/export', opts.staffOnly, jsonBody, jsonOf(exportBody), async (c) => {
      const body = c.req.valid('json');
      const key = keyOf(c, body.q);
      if (key instanceof Response) return key;
      const format = body.format === 'csv' ? 'csv' : 'json';
      const now = opts.now();
      const person = await findPerson(opts.store.db, key);
      await logAction(opts.store.db, who(c), 'export', subjectHash(key), format.toUpperCase(), now);
      c.header('Content-Disposition', `attachment; filename="${personFileName(format, now)}"`);
      if (format === 'csv') {
        c.header('Content-Type', 'text/csv; charset=utf-8');
        return c.body(personCsv(person), 200);
      }
      c.header('Content-Type', 'application/json; charset=utf-8');
      return c.body(personJson(person, opts.studioName, now), 200);
    })
    .post('/people/correct', opts.staffOnly, jsonBody, jsonOf(correctBody), async (c) => {
      const { q, form, id, field, value } = c.req.valid('json');
      const key = keyOf(c, q);
      if (key instanceof Response) return key;
      const person = await findPerson(opts.store.db, key);
      const sub = person.submissions.find((s) => s.form === form && s.id === id);
      if (!sub || typeof sub.payload[field] !== 'string') return c.json({ message: messages.noSubmission }, 404);
      const ok = await correctField(
        opts.store,
        { form: sub.form, id: sub.id },
        field,
        value.trim(),
        who(c),
        subjectHash(key),
        opts.now(),
      );
      if (!ok) return c.json({ message: messages.noSubmission }, 404);
      return c.json({ message: `Corrected ${field}.` }, 200);
    })
    .post('/people/erase', opts.staffOnly, jsonBody, jsonOf(eraseBody), async (c) => {
      const body = c.req.valid('json');
      const key = keyOf(c, body.q);
      if (key instanceof Response) return key;
      const reason = body.reason?.trim() ? body.reason.trim().slice(0, 200) : 'erased by staff';
      const { counts, notify } = await erase(opts, key, who(c), reason);
      for (const { id, email } of notify) await tellVisitor(opts, email, id, erasedText(opts.studioName));
      return c.json({ message: 'Erased.', counts }, 200);
    })
    .get('/privacy/requests', opts.staffOnly, async (c) => {
      const requests = await listRequests(opts.store.db);
      const open = requests.filter((r) => r.status === 'open').length;
      await logAction(
        opts.store.db,
        who(c),
        'view',
        '',
        `data requests: ${requests.length} (${open} open)`,
        opts.now(),
      );
      return c.json({ requests }, 200);
    })
    .post('/privacy/requests/:id{[0-9]+}', opts.staffOnly, requestId, jsonBody, jsonOf(answerBody), async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const request = await getRequest(opts.store.db, id);
      if (request?.status !== 'open' || !request.email) return c.json({ message: messages.noRequest }, 404);
      const outcome = (body.outcome ?? '').trim().slice(0, 1000);
      if (body.action === 'erase' && request.kind === 'erasure') {
        if (body.confirm !== 'erase') return c.json({ message: messages.confirm }, 400);
        const key: PersonKey = { kind: 'email', value: request.email };
        const { counts } = await erase(opts, key, who(c), `visitor's request ${id}`);
        const told = await tellVisitor(opts, request.email, id, erasedText(opts.studioName));
        return c.json({ message: 'Erased and answered.', counts, told }, 200);
      }
      if (body.action === 'erase') return c.json({ message: chooseAction }, 400);
      if (body.action === 'refuse' && !outcome) return c.json({ message: 'Say why the request is refused.' }, 400);
      const closed = await closeRequest(
        opts.store,
        id,
        body.action === 'done' ? 'done' : 'refused',
        outcome,
        who(c),
        opts.now(),
      );
      if (!closed) return c.json({ message: messages.noRequest }, 404);
      await logAction(opts.store.db, who(c), 'request', request.subject, `request ${id} ${body.action}`, opts.now());
      const told = await tellVisitor(
        opts,
        closed.email,
        id,
        body.action === 'done'
          ? `Your request (${request.kind}) has been done.${outcome ? `\n\n${outcome}` : ''}\n\n${opts.studioName}`
          : `We could not do your request (${request.kind}): ${outcome}\n\nYou may complain to the Data Protection Board of India.\n\n${opts.studioName}`,
      );
      return c.json({ message: 'Answered.', told }, 200);
    })
    .post('/privacy/log', opts.staffOnly, ownerOnly, jsonBody, jsonOf(logBody), async (c) => {
      const { q } = c.req.valid('json');
      let subject: string | undefined;
      if (q?.trim()) {
        const key = keyOf(c, q);
        if (key instanceof Response) return key;
        subject = subjectHash(key);
      }
      return c.json({ entries: await listLog(opts.store.db, subject) }, 200);
    });
}

const erasedText = (studio: string) =>
  `As you asked, we have erased the personal data we held about you: your form submissions, notes, history and e-mail records.\n\nWhere you paid us, the payment's amount, date and UTR are kept for our tax records as the law requires, without your name, e-mail or phone.\n\n${studio}`;

export type PeopleRoutes = ReturnType<typeof peopleRoutes>;

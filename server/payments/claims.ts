import { Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { validator } from 'hono/validator';
import type { BooksConfig } from '@/lib/books/config';
import { claimMessages, claimProblems, type ClaimInput } from '@/lib/payments/claim';
import type { StaffVars } from '../platform/auth';
import { isPlainObject, jsonBody } from '../platform/http';
import { claimFormPost } from './claim-form';
import { closedInPreview } from '../platform/not-open';
import { payableOfPrefix } from '@/lib/payments/payables';
import type { SitePage } from '../platform/form-refill';
import { invoiceOfClaim } from '../books/books-store';
import { addClaim, getClaim, listClaims, reviewClaim } from './claims-store';
import type { Store } from '../store/store';
import { idParams, jsonOf, sentObject } from '../platform/validate';
import { mixed } from 'yup';

export interface ClaimOptions {
  store: Store;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  /** The body size limit and the per-address rate limit of public submissions. */
  publicGuards: readonly MiddlewareHandler[];
  /** The built pages, to answer a claim sent without JavaScript with its payment page. */
  sitePage?: SitePage | undefined;
  /** The studio as a supplier: a verified claim gets its invoice. */
  books: BooksConfig;
  /** The site is in preview (SITE_LAUNCHED=no): a claim answers that it is not open yet, nothing stored. */
  preview?: boolean | undefined;
}

const invalidMessage = 'Some fields are missing or not valid.';

function parseClaim(value: unknown): { ok: true; value: ClaimInput } | { ok: false; errors: Record<string, string> } {
  if (!isPlainObject(value)) return { ok: false, errors: { '': 'The body must be a JSON object.' } };
  const input: ClaimInput = {
    utr: typeof value.utr === 'string' ? value.utr.replace(/\s/g, '') : '',
    contact: typeof value.contact === 'string' ? value.contact.trim() : '',
    reference: typeof value.reference === 'string' ? value.reference : '',
    amountPaise: typeof value.amountPaise === 'number' ? value.amountPaise : Number.NaN,
    ...(typeof value.state === 'string' && value.state.trim() ? { state: value.state.trim() } : {}),
  };
  const problems = claimProblems(input);
  const errors: Record<string, string> = { ...problems };
  if (value.state !== undefined && typeof value.state !== 'string') errors.state = claimMessages.state;
  for (const key of Object.keys(value)) if (!(key in input) && key !== 'state') errors[key] = 'Unknown field';
  return Object.keys(errors).length === 0 ? { ok: true, value: input } : { ok: false, errors };
}

/**
 * Payment claims: POST /api/payments/claims (public) stores a visitor's UTR with the page's
 * reference and amount; staff list them with the registration each matches and verify or reject.
 */
const chooseStatus = 'The status must be verified or rejected.';
/** A staff review of a claim: verified or rejected. */
const reviewBody = sentObject({
  status: mixed<'verified' | 'rejected'>().oneOf(['verified', 'rejected'], chooseStatus).required(chooseStatus),
});

export function claimRoutes(opts: ClaimOptions) {
  const claimId = idParams('There is no such claim.', 'id');
  return new Hono<{ Variables: StaffVars }>()
    .post(
      '/payments/claims',
      every(...opts.publicGuards),
      closedInPreview(opts.preview ?? false, opts.sitePage, (_c, sent) => payableOfPrefix(sent.prefix)?.page),
      claimFormPost(opts.store, opts.sitePage),
      jsonBody,
      validator('json', (value: unknown, c) => {
        const parsed = parseClaim(value);
        return parsed.ok ? parsed.value : c.json({ message: invalidMessage, errors: parsed.errors }, 400);
      }),
      async (c) => {
        const id = await addClaim(opts.store, c.req.valid('json'));
        if (id === undefined)
          return c.json({ message: claimMessages.duplicate, errors: { utr: claimMessages.duplicate } }, 409);
        return c.json({ message: claimMessages.received }, 201);
      },
    )
    .get('/payments/claims', opts.staffOnly, async (c) =>
      c.json({ claims: await listClaims(opts.store.db, opts.books) }, 200),
    )
    .patch('/payments/claims/:id{[0-9]+}', opts.staffOnly, claimId, jsonBody, jsonOf(reviewBody), async (c) => {
      const { id } = c.req.valid('param');
      if (!(await getClaim(opts.store.db, id))) return c.json({ message: 'There is no such claim.' }, 404);
      const { status } = c.req.valid('json');
      const invoice = await invoiceOfClaim(opts.store.db, id);
      if (invoice && status === 'rejected')
        return c.json(
          {
            message: `This payment has invoice ${invoice.number}, which is never changed: refund it with a credit note instead.`,
          },
          409,
        );
      const claim = await reviewClaim(opts.store, id, status, c.get('staff').name, opts.books);
      return claim ? c.json({ claim }, 200) : c.json({ message: 'There is no such claim.' }, 404);
    });
}

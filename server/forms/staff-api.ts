import { Hono, type MiddlewareHandler } from 'hono';
import type { BooksConfig } from '@/lib/books/config';
import { proAudioForm } from '@/lib/forms/pro-audio/schema';
import type { AnyForm } from '@/lib/forms/registry';
import type { InboxFormName } from '@/lib/forms/types';
import { tableKeysOf } from '@/lib/sessions/intake';
import { accessLogged } from '../privacy/access-log';
import { accountRoutes } from '../platform/admin';
import type { StaffVars } from '../platform/auth';
import type { ScryptCost } from '../platform/passwords';
import type { SitePage } from '../platform/form-refill';
import { claimRoutes } from '../payments/claims';
import { statementRoutes } from '../payments/statements';
import type { Store } from '../store/store';
import { workspaceRoutes } from './workspace';

/** Every table of the workspace: its title and payload keys ('pro-audio' and each inbox form). */
export function workspaceTables(
  inboxForms: Partial<Record<InboxFormName, AnyForm>>,
): Record<string, { title: string; keys: readonly string[] }> {
  // No prototype: a table named __proto__, constructor or toString in a URL finds nothing.
  const tables: Record<string, { title: string; keys: readonly string[] }> = Object.create(null);
  tables['pro-audio'] = { title: 'Pro audio request', keys: proAudioForm.payloadKeys };
  for (const def of Object.values(inboxForms))
    tables[def.name] = { title: def.title, keys: tableKeysOf(def.name, def.payloadKeys) };
  return tables;
}

/**
 * The staff workspace's routes under /api: tables, statuses and notes, payment claims, and the
 * staff member's own password. Mounted by service.ts.
 */
export function staffApi(opts: {
  store: Store;
  inboxForms: Partial<Record<InboxFormName, AnyForm>>;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  publicGuards: readonly MiddlewareHandler[];
  sitePage?: SitePage | undefined;
  now?: () => Date;
  books: BooksConfig;
  passwordCost: ScryptCost;
  /** The site is in preview: a payment claim answers that it is not open yet. */
  preview?: boolean;
}) {
  const tables: Record<string, readonly string[]> = Object.create(null);
  for (const [name, table] of Object.entries(workspaceTables(opts.inboxForms))) tables[name] = table.keys;
  const now = opts.now ?? (() => new Date());
  const logged = (describe: Parameters<typeof accessLogged>[2]) => accessLogged(opts.store.db, now, describe);
  return new Hono<{ Variables: StaffVars }>()
    .use(
      '/payments/claims',
      logged((c) => (c.req.method === 'GET' ? { action: 'view', detail: 'payments: every claim' } : undefined)),
    )
    .use(
      '/payments/claims/:id{[0-9]+}',
      logged((c) => ({ action: 'change', detail: `payment claim ${c.req.param('id')}: reviewed` })),
    )
    .use(
      '/payments/statement',
      logged(() => ({ action: 'view', detail: 'payments: bank statement matched to claims' })),
    )
    .use(
      '/payments/claims/verify',
      logged(() => ({ action: 'change', detail: 'payments: matched claims verified' })),
    )
    .route('/', workspaceRoutes({ store: opts.store, tables, staffOnly: opts.staffOnly, now }))
    .route('/', claimRoutes(opts))
    .route('/', statementRoutes(opts))
    .route('/', accountRoutes(opts.store, opts.staffOnly, opts.passwordCost));
}

export type StaffApi = ReturnType<typeof staffApi>;

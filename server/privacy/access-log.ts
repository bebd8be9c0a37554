import type { Context, MiddlewareHandler } from 'hono';
import { keysOfPayload, type PersonKey, personKeyOf } from '@/lib/privacy/person';
import type { PageQuery } from '@/lib/dashboard/workspace';
import type { StaffVars } from '../platform/auth';
import type { Db } from '../store/db';
import { type LogAction, logAction } from './access-log-store';
import { subjectHash } from './people-store';

/**
 * The access log (`privacy_log`): every staff view and export of personal data, with who, when, what
 * and, where one person is concerned, the hash of their address (never the address, nor a search's
 * text). The table refuses every change but the retention purge (migration 14).
 */

/** One entry as a route describes it. */
export interface AccessEntry {
  action: LogAction;
  detail: string;
  /** The hash of whose data (subjectHash), or '' for a table of many people. */
  subject?: string;
}

/**
 * Writes the entry `describe` gives (undefined: none) for a staff request that succeeded (2xx),
 * after its handler: for routes whose handlers do not log themselves (payments, the sessions
 * roster, the whole-form JSON readers). Mounted with `use` before the routes. A failed write fails
 * the request, so nothing is shown that the log does not hold.
 */
export function accessLogged(
  db: Db,
  now: () => Date,
  describe: (c: Context) => AccessEntry | undefined,
): MiddlewareHandler<{ Variables: StaffVars }> {
  return async (c, next) => {
    await next();
    const staff = c.get('staff') as StaffVars['staff'] | undefined;
    if (!staff || c.res.status < 200 || c.res.status >= 300) return;
    const entry = describe(c);
    if (entry) await logAction(db, staff.name, entry.action, entry.subject ?? '', entry.detail, now());
  };
}

/** The hash of the person a search's text names (an e-mail or a phone), else ''. */
export function searchSubject(q: string): string {
  const key = q ? personKeyOf(q) : undefined;
  return key ? subjectHash(key) : '';
}

/** The hash of whose submission this is: its e-mail, else its phone, else ''. */
export function payloadSubject(payload: Record<string, unknown>): string {
  const keys = keysOfPayload(payload);
  const key: PersonKey | undefined = keys.find((k) => k.kind === 'email') ?? keys[0];
  return key ? subjectHash(key) : '';
}

/** What a table read shows: the page or all rows, and the filters (a search said, never its text). */
export function tableReadDetail(form: string, query: PageQuery, shown: number, total: number, what: string): string {
  const filters = [
    query.q ? 'search' : '',
    query.status ? `status ${query.status}` : '',
    query.paid ? query.paid : '',
  ].filter(Boolean);
  const where = query.size === 'all' ? 'all rows' : `page ${query.page}`;
  return `${form} ${what}: ${where}${filters.length ? ` (${filters.join(', ')})` : ''}, ${shown} of ${total} rows`;
}

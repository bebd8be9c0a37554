import { Hono, type MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import { toCsv } from '@/lib/csv';
import { csvFileName, csvIndiaTime } from '@/lib/dashboard/csv';
import { cellText } from '@/lib/dashboard/format';
import { columnLabel } from '@/lib/dashboard/labels';
import {
  isSubmissionStatus,
  maxNoteLength,
  parsePageQuery,
  pickPageParams,
  type SubmissionStatus,
} from '@/lib/dashboard/workspace';
import { payloadSubject, searchSubject, tableReadDetail } from '../privacy/access-log';
import type { StaffVars } from '../platform/auth';
import { jsonBody } from '../platform/http';
import { jsonOf, onlyFields, text } from '../platform/validate';
import { storedIdOf } from '@/lib/stored-integer';
import { mixed } from 'yup';
import { logAction } from '../privacy/access-log-store';
import { openRequestsSummary } from '../privacy/requests-store';
import type { Store } from '../store/store';
import { getSubmission, listPage, newCounts, updateSubmission, type WorkspaceRow } from './workspace-store';

export interface WorkspaceOptions {
  store: Store;
  /** The payload keys of each table the workspace shows ('pro-audio' and each inbox form). */
  tables: Readonly<Record<string, readonly string[]>>;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  now?: () => Date;
}

type Env = { Variables: StaffVars };

const notFound = { message: 'There is no such submission.' } as const;

const chooseStatus = 'The status must be new, in-progress, done or spam.';
/** The change a PATCH asks for: a status, a note, or both. */
const changeBody = onlyFields(
  {
    status: mixed<SubmissionStatus>().test('status', chooseStatus, (v) => v === undefined || isSubmissionStatus(v)),
    note: text('The note must be text.').max(maxNoteLength, `The note can be at most ${maxNoteLength} characters.`),
  },
  'Send a JSON object with a status and/or a note.',
).test({
  name: 'change',
  message: 'Send a status, a note or both.',
  test: (v) => v.status !== undefined || v.note !== undefined,
});

function csvOf(form: string, keys: readonly string[], rows: readonly WorkspaceRow[]): string {
  return toCsv(
    [
      { header: 'ID', value: (r: WorkspaceRow) => String(r.id) },
      ...keys.map((key) => ({ header: columnLabel(form, key), value: (r: WorkspaceRow) => cellText(r.payload[key]) })),
      { header: 'Status', value: (r) => r.status },
      { header: 'Paid', value: (r) => (r.paid ? 'yes' : '') },
      { header: 'Note', value: (r) => r.note },
      { header: 'Received (IST)', value: (r) => csvIndiaTime(r.receivedAt) },
    ],
    rows,
  );
}

/**
 * The staff workspace's API (all staff only): new counts for the sidebar (with the open data
 * requests and the earliest due), a table page (search, status filter, sort, server-side paging),
 * the CSV of the whole filtered set, and one submission with its history, whose status and note a
 * PATCH changes. Every read of submissions is written to the access log.
 */
export function workspaceRoutes(opts: WorkspaceOptions) {
  const now = opts.now ?? (() => new Date());
  const keysOf = (form: string) => opts.tables[form];
  const idParam = validator('param', (value: Record<string, string>, c) => {
    const form = value.form ?? '';
    const id = storedIdOf(value.id ?? '');
    if (!keysOf(form) || id === undefined) return c.json(notFound, 404);
    return { form, id };
  });
  const formParam = validator('param', (value: Record<string, string>, c) => {
    const form = value.form ?? '';
    return keysOf(form) ? { form } : c.json({ message: 'There is no such form.' }, 404);
  });
  const pageQuery = validator('query', (value: Record<string, string | string[]>) => pickPageParams(value));

  return new Hono<Env>()
    .get('/workspace/counts', opts.staffOnly, async (c) =>
      c.json(
        { counts: await newCounts(opts.store.db), requests: await openRequestsSummary(opts.store.db, now()) },
        200,
      ),
    )
    .get('/forms/:form/rows', opts.staffOnly, formParam, pageQuery, async (c) => {
      const { form } = c.req.valid('param');
      const query = parsePageQuery(c.req.valid('query'));
      const page = await listPage(opts.store.db, form, query, keysOf(form) ?? []);
      const detail = tableReadDetail(form, query, page.rows.length, page.total, 'table');
      await logAction(
        opts.store.db,
        c.get('staff').name,
        query.q ? 'search' : 'view',
        searchSubject(query.q),
        detail,
        now(),
      );
      return c.json({ ...page, page: query.page, pageSize: query.size === 'all' ? page.total : query.size }, 200);
    })
    .get('/forms/:form/export.csv', opts.staffOnly, formParam, pageQuery, async (c) => {
      const { form } = c.req.valid('param');
      const keys = keysOf(form) ?? [];
      const query = { ...parsePageQuery(c.req.valid('query')), size: 'all' as const, page: 1 };
      const { rows, total } = await listPage(opts.store.db, form, query, keys);
      const detail = tableReadDetail(form, query, rows.length, total, 'CSV export');
      await logAction(opts.store.db, c.get('staff').name, 'export', searchSubject(query.q), detail, now());
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${csvFileName(`${form}-submissions`)}"`);
      return c.body(`\uFEFF${csvOf(form, keys, rows)}`);
    })
    .get('/forms/:form/:id{[0-9]+}', opts.staffOnly, idParam, async (c) => {
      const { form, id } = c.req.valid('param');
      const found = await getSubmission(opts.store.db, form, id);
      if (!found) return c.json(notFound, 404);
      const subject = payloadSubject(found.row.payload);
      await logAction(opts.store.db, c.get('staff').name, 'view', subject, `${form} submission ${found.row.id}`, now());
      return c.json(found, 200);
    })
    .patch('/forms/:form/:id{[0-9]+}', opts.staffOnly, idParam, jsonBody, jsonOf(changeBody), async (c) => {
      const { form, id } = c.req.valid('param');
      const { status, note } = c.req.valid('json');
      const change = {
        ...(status !== undefined ? { status } : {}),
        ...(note !== undefined ? { note: note.trim() } : {}),
      };
      const ok = await updateSubmission(opts.store, form, id, change, c.get('staff').name);
      const found = ok ? await getSubmission(opts.store.db, form, id) : undefined;
      if (!found) return c.json(notFound, 404);
      const what = Object.keys(change).join(' and ');
      const subject = payloadSubject(found.row.payload);
      await logAction(
        opts.store.db,
        c.get('staff').name,
        'change',
        subject,
        `${form} submission ${found.row.id}: ${what}`,
        now(),
      );
      return c.json(found, 200);
    });
}

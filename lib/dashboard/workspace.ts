/**
 * The staff workspace's vocabulary, shared by the service (which checks requests with it) and the
 * dashboard (which builds them): statuses, the table query and its paging.
 */

export const submissionStatuses = ['new', 'in-progress', 'done', 'spam'] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const statusLabels: Record<SubmissionStatus, string> = {
  new: 'New',
  'in-progress': 'In progress',
  done: 'Done',
  spam: 'Spam',
};

export const isSubmissionStatus = (value: unknown): value is SubmissionStatus =>
  submissionStatuses.some((s) => s === value);

/** Rows a page of a table shows. */
const pageSize = 25;
/** The longest staff note. */
export const maxNoteLength = 2000;

export interface PageQuery {
  /** Text searched in every field and the note; empty for all. */
  q: string;
  status: SubmissionStatus | undefined;
  /** Registrations whose payment is verified ('paid') or not ('unpaid'); undefined for all. */
  paid?: 'paid' | 'unpaid';
  /** A payload key, 'status' or 'received' (the default). */
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  /** Rows per page, or every row (the CSV download). */
  size: number | 'all';
}

const pageParamNames = ['q', 'status', 'sort', 'dir', 'page', 'size', 'paid'] as const;
/** A table query as search parameters (the defaults left out). */
export type PageParams = Partial<Record<(typeof pageParamNames)[number], string>>;

/** The table query's parameters among a request's (first value of each). */
export function pickPageParams(query: Record<string, string | string[] | undefined>): PageParams {
  const out: PageParams = {};
  for (const name of pageParamNames) {
    const value = query[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out[name] = first;
  }
  return out;
}

/** The table query of a request's search parameters; anything unusable falls back to the default. */
export function parsePageQuery(params: PageParams): PageQuery {
  const page = Number(params.page);
  return {
    q: (params.q ?? '').trim().slice(0, 200),
    status: isSubmissionStatus(params.status) ? params.status : undefined,
    paid: params.paid === 'paid' || params.paid === 'unpaid' ? params.paid : undefined,
    sort: params.sort && /^[A-Za-z_-]{1,40}$/.test(params.sort) ? params.sort : 'received',
    dir: params.dir === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    size: params.size === 'all' ? 'all' : pageSize,
  };
}

/** The search parameters of a table query, as the service reads them (defaults left out). */
export function pageQueryParams(query: PageQuery): PageParams {
  const out: PageParams = {};
  if (query.q) out.q = query.q;
  if (query.status) out.status = query.status;
  if (query.paid) out.paid = query.paid;
  if (query.sort !== 'received') out.sort = query.sort;
  if (query.dir !== 'desc') out.dir = query.dir;
  if (query.page !== 1) out.page = String(query.page);
  if (query.size === 'all') out.size = 'all';
  return out;
}

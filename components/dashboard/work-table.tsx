'use client';

import { useEffect, useId, useState } from 'react';
import { exportUrl, patchSubmission, useTablePage } from '@/lib/dashboard/dashboard-client';
import { cellText, formatReceived } from '@/lib/dashboard/format';
import { columnLabel } from '@/lib/dashboard/labels';
import { paidForms } from '@/lib/payments/payables';
import { failureText } from '@/lib/service-client';
import {
  isSubmissionStatus,
  parsePageQuery,
  statusLabels,
  submissionStatuses,
  type PageQuery,
  type SubmissionStatus,
} from '@/lib/dashboard/workspace';
import { type Column, TableFrame, TableStates } from './table-states';
import styles from './dashboard.module.css';
import { ViewLink } from './view-link';

/** A row of a table page, as the server sends it. */
type TableRow = NonNullable<ReturnType<typeof useTablePage>['data']>['rows'][number];

/** Columns whose values read badly when broken (numbers, times). */
const nowrapKey = /phone|contact|number|timestamp/i;
/** Columns of addresses: broken anywhere rather than widening the table. */
const addressKey = /mail/i;
/** Columns of names (a long one is one long word, at times): broken inside a word only when the table would not fit. */
const nameKey = /name/i;

/** A status picker: labelled by `label`, or by a <label> pointing at `id`. */
export function StatusSelect({
  id,
  value,
  label,
  onChange,
}: {
  id?: string;
  value: SubmissionStatus;
  label?: string;
  onChange: (status: SubmissionStatus) => void;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      className={styles.statusSelect}
      data-status={value}
      value={value}
      onChange={(e) => {
        if (isSubmissionStatus(e.target.value)) onChange(e.target.value);
      }}
    >
      {submissionStatuses.map((s) => (
        <option key={s} value={s}>
          {statusLabels[s]}
        </option>
      ))}
    </select>
  );
}

const statusOptions = submissionStatuses.map((s) => ({ value: s, label: statusLabels[s] }));
const paidOptions = [
  { value: 'paid', label: 'Paid' },
  { value: 'unpaid', label: 'Unpaid' },
];

/** A toolbar filter: "All" (no value) or one of its options. */
function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A table staff work in: search across every field, a status filter, sorting by any column,
 * paging on the server, a status select on each row, and a link to each submission's detail.
 */
export function WorkTable({
  form,
  title,
  keys,
  detailHref,
  onUnauthorized,
}: {
  form: string;
  title: string;
  keys: readonly string[];
  detailHref: (id: number) => string;
  onUnauthorized: () => void;
}) {
  const id = useId();
  const [query, setQuery] = useState<PageQuery>(() => parsePageQuery({}));
  const [typed, setTyped] = useState('');
  const { data, failure, isLoading, mutate } = useTablePage(form, query);
  const [problem, setProblem] = useState<string | undefined>();

  // The search runs a moment after typing stops, from the first page.
  useEffect(() => {
    const timer = setTimeout(
      () => setQuery((q) => (q.q === typed.trim() ? q : { ...q, q: typed.trim(), page: 1 })),
      250,
    );
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    if (failure?.status === 401) onUnauthorized();
  }, [failure, onUnauthorized]);

  const sortBy = (key: string) =>
    setQuery((q) => ({
      ...q,
      sort: key,
      dir: q.sort === key ? (q.dir === 'asc' ? 'desc' : 'asc') : key === 'received' ? 'desc' : 'asc',
      page: 1,
    }));
  /** A filter changed: the table starts again from its first page. */
  const filterBy = (change: Partial<PageQuery>) => setQuery((q) => ({ ...q, ...change, page: 1 }));

  const setStatus = async (rowId: number, status: SubmissionStatus) => {
    setProblem(undefined);
    const patched = await patchSubmission(form, rowId, { status });
    if (!patched.ok) return setProblem(`The status could not be saved: ${failureText(patched)}`);
    await mutate();
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / Math.max(1, data.pageSize))) : 1;
  /** A column's sorting by `key`: its direction when the table is sorted by it. */
  const sort = (key: string): Column<TableRow>['sort'] => ({
    direction: query.sort === key ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined,
    onSort: () => sortBy(key),
  });
  const columns: Column<TableRow>[] = [
    {
      name: 'Received (IST)',
      headClass: styles.nowrap,
      className: styles.receivedCell,
      sort: sort('received'),
      cell: (row) => (
        <>
          <ViewLink href={detailHref(row.id)} className={styles.openLink}>
            {formatReceived(row.receivedAt)}
            <span className="visually-hidden"> — open submission {row.id}</span>
          </ViewLink>
          {row.paid ? (
            <>
              {' '}
              <span className={styles.paid}>Paid</span>
            </>
          ) : null}
        </>
      ),
    },
    {
      name: 'Status',
      headClass: styles.nowrap,
      sort: sort('status'),
      cell: (row) => (
        <StatusSelect
          value={row.status}
          label={`Status of submission ${row.id}`}
          onChange={(s) => void setStatus(row.id, s)}
        />
      ),
    },
    ...keys.map(
      (key): Column<TableRow> => ({
        name: columnLabel(form, key),
        headClass: nowrapKey.test(key) ? styles.nowrap : undefined,
        className: nowrapKey.test(key)
          ? styles.nowrap
          : addressKey.test(key)
            ? styles.contactCell
            : nameKey.test(key)
              ? styles.nameCell
              : undefined,
        sort: sort(key),
        cell: (row) => cellText(row.payload[key]),
      }),
    ),
    { name: 'Note', className: styles.note, cell: (row) => row.note },
  ];

  return (
    <div className={styles.tableBlock}>
      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor={`${id}-q`}>Search</label>
          <input
            id={`${id}-q`}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Name, e-mail, phone, note…"
          />
        </div>
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          value={query.status}
          options={statusOptions}
          onChange={(v) => filterBy({ status: isSubmissionStatus(v) ? v : undefined })}
        />
        {paidForms.includes(form) ? (
          <FilterSelect
            id={`${id}-paid`}
            label="Payment"
            value={query.paid}
            options={paidOptions}
            onChange={(v) => filterBy({ paid: v === 'paid' || v === 'unpaid' ? v : undefined })}
          />
        ) : null}
        <a className="btn btn-ghost" href={exportUrl(form, query)} download>
          Download CSV
        </a>
      </div>
      <p role="alert" className={styles.error}>
        {problem}
      </p>
      <TableStates loading={isLoading && !data} failure={failure} empty={data?.total === 0}>
        <p className={styles.count} role="status">
          {data?.total ?? 0} {data?.total === 1 ? 'submission' : 'submissions'}
          {query.q || query.status || query.paid ? ' match' : ''}
        </p>
        <TableFrame
          label={`${title} submissions`}
          caption={`${title} submissions, page ${query.page} of ${pages}`}
          columns={columns}
          rows={data?.rows ?? []}
          rowKey={(row) => row.id}
        />
        <nav className={styles.pager} aria-label="Pages">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={query.page <= 1}
            onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
          >
            Previous page
          </button>
          <span>
            Page {query.page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={query.page >= pages}
            onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
          >
            Next page
          </button>
        </nav>
      </TableStates>
    </div>
  );
}

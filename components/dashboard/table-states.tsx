import type { Key, ReactNode } from 'react';
import { type Failure, failureText } from '@/lib/service-client';
import styles from './dashboard.module.css';

/** The spec's table states: "Loading data...", the rows, "No data found.", and a visible error. */
export function TableStates({
  loading,
  failure,
  empty,
  children,
}: {
  loading: boolean;
  failure: Failure | undefined;
  empty: boolean;
  children: ReactNode;
}) {
  if (failure) {
    return (
      <p role="alert" className={styles.error}>
        Could not load the submissions: {failureText(failure)}
      </p>
    );
  }
  if (loading) return <p role="status">Loading data...</p>;
  if (empty) return <p role="status">No data found.</p>;
  return <>{children}</>;
}

/** A column of a staff table. */
export interface Column<Row> {
  /** Its heading; on a phone, the name shown before each of its values. */
  name: string;
  /** A row's value in this column. */
  cell: (row: Row) => ReactNode;
  /** The class of its cells. */
  className?: string;
  /** The class of its heading. */
  headClass?: string;
  /** A column staff sort by: the table's direction when sorted by it, and what its heading's button does. */
  sort?: { direction: 'ascending' | 'descending' | undefined; onSort: () => void };
}

/**
 * A staff table in its frame: a labelled region the keyboard can reach (it scrolls sideways on a
 * wide screen when the table is wider), the table with its caption for screen readers, a heading
 * per column, and a row per item. Each cell carries its column's name (`data-label`): on a phone
 * the rows read as cards, each value under its name. The roles are explicit because the phone's
 * layout changes the cells' `display`, which can drop a table's semantics in some browsers.
 */
export function TableFrame<Row>({
  label,
  caption,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  /** The table's caption for screen readers, when it says more than `label`. */
  caption?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}) {
  const sortable = columns.some((c) => c.sort);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a scrollable table must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable); a <section> here would join the navbar theme's `main section` scan.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: same reason
    <div className={styles.tableFrame} role="region" aria-label={label} tabIndex={0}>
      {/* biome-ignore lint/a11y/noRedundantRoles: kept for the phone's card layout (see above) */}
      <table className={styles.table} role="table">
        <caption className="visually-hidden">{caption ?? label}</caption>
        {/* biome-ignore lint/a11y/noRedundantRoles: same */}
        <thead role="rowgroup" className={sortable ? styles.sortHead : undefined}>
          {/* biome-ignore lint/a11y/noRedundantRoles: same */}
          <tr role="row">
            {columns.map((c) => (
              // biome-ignore lint/a11y/noRedundantRoles: same
              <th key={c.name} scope="col" role="columnheader" aria-sort={c.sort?.direction} className={c.headClass}>
                {c.sort ? (
                  <button type="button" className={styles.sortButton} onClick={c.sort.onSort}>
                    {c.name}
                    <span aria-hidden="true">
                      {c.sort.direction === 'ascending' ? ' ▲' : c.sort.direction === 'descending' ? ' ▼' : ''}
                    </span>
                  </button>
                ) : (
                  c.name
                )}
              </th>
            ))}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: same */}
        <tbody role="rowgroup">
          {rows.map((row) => (
            // biome-ignore lint/a11y/noRedundantRoles: same
            <tr key={rowKey(row)} role="row">
              {columns.map((c) => (
                // biome-ignore lint/a11y/noRedundantRoles: same
                <td key={c.name} role="cell" data-label={c.name} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { ReactNode } from 'react';
import styles from './dashboard.module.css';

/** The spec's table states: "Loading data...", the rows, "No data found.", and a visible error. */
export function TableStates({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean;
  error: Error | undefined;
  empty: boolean;
  children: ReactNode;
}) {
  if (error) {
    return (
      <p role="alert" className={styles.error}>
        Could not load the submissions: {error.message} Try again in a moment.
      </p>
    );
  }
  if (loading) return <p role="status">Loading data...</p>;
  if (empty) return <p role="status">No data found.</p>;
  return <>{children}</>;
}

/**
 * A staff table in its scrollable frame: a labelled region the keyboard can reach, and the table with
 * its caption for screen readers. With `columns`, its head is those plain headings and, last, the
 * `actions` column; `children` are then the body (else the head and the body).
 */
export function TableFrame({
  label,
  caption,
  columns,
  actions,
  children,
}: {
  label: string;
  caption: string;
  columns?: readonly string[];
  actions?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a scrollable table must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable); a <section> here would join the navbar theme's `main section` scan.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: same reason
    <div className={styles.tableFrame} role="region" aria-label={label} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        {columns ? (
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              {actions ? (
                <th scope="col" className={styles.actionsCell}>
                  {actions}
                </th>
              ) : null}
            </tr>
          </thead>
        ) : null}
        {children}
      </table>
    </div>
  );
}

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

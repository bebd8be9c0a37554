'use client';

import { formatReceived } from '@/lib/dashboard/format';
import { useBuilds } from '@/lib/dashboard/use-submissions';
import styles from './dashboard.module.css';

const statusText = {
  running: 'Building…',
  succeeded: 'Live',
  failed: 'Failed (the previous site stayed live)',
} as const;

/** The last site builds started by the rebuild webhook, with the end of the log of failed ones. */
export function BuildsView() {
  const { data, error, isLoading } = useBuilds(true);
  if (error) {
    return (
      <p role="alert" className={styles.error}>
        Could not load the builds: {error.message}
      </p>
    );
  }
  if (isLoading || !data) return <p role="status">Loading data...</p>;
  if (!data.enabled && data.builds.length === 0) {
    return <p>The rebuild webhook is off on this server (REBUILD_SECRET is not set).</p>;
  }
  if (data.builds.length === 0) return <p role="status">No data found.</p>;
  return (
    <ol className={styles.builds}>
      {data.builds.map((b) => (
        <li key={b.id} className={styles.build}>
          <p>
            <strong>#{b.id}</strong> {statusText[b.status]} · started {formatReceived(b.startedAt)}
            {b.finishedAt ? `, finished ${formatReceived(b.finishedAt)}` : ''}
          </p>
          <p className={styles.reason}>Reason: {b.reason}</p>
          {b.status === 'failed' && b.logTail ? (
            <details>
              <summary>End of the build log</summary>
              <pre className={styles.log}>{b.logTail}</pre>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

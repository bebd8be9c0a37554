'use client';

import { formatReceived } from '@/lib/dashboard/format';
import { useBackups } from '@/lib/dashboard/dashboard-client';
import { failureText } from '@/lib/service-client';
import styles from './dashboard.module.css';

/** A size as people read it: 840 KB, 12.5 MB. */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The newest database backup (its name, size and time), and the daily backup's last failure if any. */
export function BackupStatus() {
  const { data, failure } = useBackups();
  if (failure) return <p className={styles.error}>Could not load the backups: {failureText(failure)}</p>;
  if (!data) return null;
  const failed = data.lastRun?.status === 'failed' ? data.lastRun : null;
  return (
    <section aria-label="Database backup" className={styles.backup}>
      <p>
        <strong>Last backup:</strong>{' '}
        {data.latest
          ? `${formatReceived(data.latest.at)} · ${formatSize(data.latest.bytes)} · ${data.latest.name}`
          : 'none yet on this server (the daily backup runs at 03:00).'}
      </p>
      {failed ? (
        <p className={styles.error}>
          The daily backup of {failed.day} failed: {failed.outcome}
        </p>
      ) : null}
    </section>
  );
}

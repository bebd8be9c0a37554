'use client';

import { useState } from 'react';
import { formatReceived } from '@/lib/dashboard/format';
import { startBuild, useBuilds } from '@/lib/dashboard/dashboard-client';
import { failureText } from '@/lib/service-client';
import { BackupStatus } from './backup-status';
import styles from './dashboard.module.css';

const statusText = {
  running: 'Building…',
  succeeded: 'Live',
  failed: 'Failed (the previous site stayed live)',
  replaced: 'Stopped: replaced by a newer request',
} as const;

type Status = keyof typeof statusText;

/** A build's duration as editors read it: 48 s, 2 min 5 s. */
function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * "Rebuild now": asks the server for a build of the site from WordPress's current content, queued
 * with the webhook's builds (one at a time; a request while one runs makes one more follow it).
 */
function RebuildNow({ onStarted }: { onStarted: () => void }) {
  const [state, setState] = useState<{ busy: boolean; message: string; ok: boolean }>({
    busy: false,
    message: '',
    ok: true,
  });
  const rebuild = async () => {
    setState({ busy: true, message: '', ok: true });
    const started = await startBuild();
    setState({ busy: false, message: started.ok ? started.value : failureText(started), ok: started.ok });
    if (started.ok) onStarted();
  };
  return (
    <p className={styles.rebuildNow}>
      <button type="button" className="btn btn-primary" onClick={rebuild} disabled={state.busy}>
        {state.busy ? 'Asking…' : 'Rebuild now'}
      </button>{' '}
      <span role="status" className={state.ok ? undefined : styles.error}>
        {state.message}
      </span>
    </p>
  );
}

/**
 * What an editor must read about a build: why it failed (its first error line, then the launch
 * check's list or the items left out), for a live build what it left out of the pages, and for a
 * replaced one which request stopped it (not an error: nothing needs fixing).
 */
function BuildNotes({ status, text }: { status: Status; text: string }) {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (status === 'running' || lines.length === 0) return null;
  if (status === 'replaced') return <p>{lines[0]}</p>;
  const [first, ...rest] = lines;
  const items = status === 'failed' ? rest : lines;
  return (
    <div className={status === 'failed' ? styles.error : undefined}>
      {status === 'failed' ? (
        <p>Why: {first} Fix it and save again: the next build goes live by itself.</p>
      ) : (
        <p>Live, but left out of the pages until they are corrected in WordPress:</p>
      )}
      {items.length > 0 ? (
        <ul>
          {items.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The last site builds started by the rebuild webhook: what triggered each (which post), its
 * result and duration, and for a failed one its first error line and the end of its log.
 */
export function BuildsView() {
  return (
    <>
      <BackupStatus />
      <Builds />
    </>
  );
}

function Builds() {
  const { data, failure, isLoading, mutate } = useBuilds(true);
  if (failure) {
    return (
      <p role="alert" className={styles.error}>
        Could not load the builds: {failureText(failure)}
      </p>
    );
  }
  if (isLoading || !data) return <p role="status">Loading data...</p>;
  // What the studio must put right in the served pages (built with other prices than the service charges).
  const warnings = data.warnings.map((line) => (
    <p key={line} role="alert" className={styles.error}>
      {line}
    </p>
  ));
  if (!data.enabled && data.builds.length === 0) {
    return (
      <>
        {warnings}
        <p>The rebuild webhook is off on this server (REBUILD_SECRET is not set).</p>
      </>
    );
  }
  const rebuildNow = (
    <>
      {warnings}
      {data.enabled ? <RebuildNow onStarted={() => void mutate()} /> : null}
    </>
  );
  if (data.builds.length === 0)
    return (
      <>
        {rebuildNow}
        <p role="status">No data found.</p>
      </>
    );
  return (
    <>
      {rebuildNow}
      <ol className={styles.builds}>
        {data.builds.map((b) => (
          <li key={b.id} className={styles.build}>
            <p>
              <strong>#{b.id}</strong> {statusText[b.status]} · started {formatReceived(b.startedAt)}
              {b.finishedAt ? `, finished ${formatReceived(b.finishedAt)}` : ''}
              {b.durationMs !== null ? ` · took ${formatDuration(b.durationMs)}` : ''}
            </p>
            <p className={styles.reason}>Trigger: {b.reason}</p>
            <BuildNotes status={b.status} text={b.firstError} />
            {b.status === 'failed' && b.logTail ? (
              <details>
                <summary>End of the build log</summary>
                <pre className={styles.log}>{b.logTail}</pre>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

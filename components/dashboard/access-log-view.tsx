'use client';

import { useEffect, useState } from 'react';
import { formatReceived } from '@/lib/dashboard/format';
import { fetchAccessLog } from '@/lib/privacy/privacy-client';
import { failureText } from '@/lib/service-client';
import type { LogEntry } from '@/server/contract';
import styles from '@/components/privacy/privacy.module.css';
import { type Column, TableFrame } from './table-states';
import tableStyles from './dashboard.module.css';

const columns: readonly Column<LogEntry>[] = [
  { name: 'When', className: tableStyles.nowrap, cell: (e) => formatReceived(e.at) },
  { name: 'Who', cell: (e) => e.staff },
  { name: 'Action', cell: (e) => e.action },
  { name: 'Whose (hash)', cell: (e) => <code>{e.subject ? e.subject.slice(0, 12) : '—'}</code> },
  { name: 'Detail', cell: (e) => e.detail },
];

/**
 * The access log (owner only): who viewed, exported, corrected or erased whose data, and when,
 * for one year. Whose is a hash of the address: typing an address shows that person's entries.
 */
export function AccessLogView() {
  const [q, setQ] = useState('');
  const [entries, setEntries] = useState<LogEntry[]>();
  const [problem, setProblem] = useState<string>();
  const load = async (query: string) => {
    const answer = await fetchAccessLog(query);
    if (answer.ok) {
      setEntries(answer.value.entries);
      setProblem(undefined);
    } else setProblem(failureText(answer));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the whole log once, on opening
  useEffect(() => {
    void load('');
  }, []);
  return (
    <div>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void load(q);
        }}
      >
        <label>
          Only this person (e-mail or phone)
          <input value={q} onChange={(e) => setQ(e.target.value)} maxLength={254} />
        </label>
        <button type="submit" className="btn btn-primary">
          Show
        </button>
      </form>
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
      {entries && entries.length === 0 ? <p role="status">No entries.</p> : null}
      {entries && entries.length > 0 ? (
        <TableFrame label="Access log" columns={columns} rows={entries} rowKey={(e) => e.id} />
      ) : null}
    </div>
  );
}

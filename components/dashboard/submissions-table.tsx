'use client';

import { csvFileName, toCsv } from '@/lib/dashboard/csv';
import styles from './dashboard.module.css';

export interface TableColumn<Row> {
  key: string;
  label: string;
  /** The cell as shown (always text: React escapes it, so submitted markup shows as typed). */
  value: (row: Row) => string;
  /** The cell in the CSV file, when it differs from what is shown (raw timestamps). */
  csv?: (row: Row) => string;
}

function download(name: string, csv: string): void {
  // The byte-order mark makes spreadsheet apps read the file as UTF-8 (₹, Hindi names).
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A table of submissions with a CSV download; scrolls sideways inside its frame on small screens. */
export function SubmissionsTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  fileName,
}: {
  caption: string;
  columns: ReadonlyArray<TableColumn<Row>>;
  rows: readonly Row[];
  fileName: string;
}) {
  const onDownload = () =>
    download(
      csvFileName(fileName),
      toCsv(
        columns.map((c) => ({ header: c.label, value: c.csv ?? c.value })),
        rows,
      ),
    );
  return (
    <div className={styles.tableBlock}>
      <div className={styles.tableBar}>
        <p className={styles.count}>
          {rows.length} {rows.length === 1 ? 'submission' : 'submissions'}
        </p>
        <button type="button" className="btn btn-ghost" onClick={onDownload}>
          Download CSV
        </button>
      </div>
      <div className={styles.tableFrame} role="region" aria-label={caption} tabIndex={0}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((c) => (
                  <td key={c.key}>{c.value(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

'use client';

import { useEffect } from 'react';
import { cellText, formatReceived } from '@/lib/dashboard/format';
import { ServiceError } from '@/lib/dashboard/fetch-json';
import { useInboxRows, type InboxRow } from '@/lib/dashboard/use-submissions';
import type { InboxFormSummary } from '@/lib/dashboard/views';
import { SubmissionsTable, type TableColumn } from './submissions-table';
import { TableStates } from './table-states';

/** One inbox form's submissions: a column per payload key, in the form's order. */
export function InboxView({ form, onUnauthorized }: { form: InboxFormSummary; onUnauthorized: () => void }) {
  const { data, error, isLoading } = useInboxRows(form.name, true);
  useEffect(() => {
    if (error) console.error(`${form.title} could not be loaded:`, error);
    if (error instanceof ServiceError && error.status === 401) onUnauthorized();
  }, [error, form.title, onUnauthorized]);
  const columns: Array<TableColumn<InboxRow>> = [
    { key: 'id', label: 'ID', value: (r) => String(r.id) },
    ...form.payloadKeys.map((key) => ({ key, label: key, value: (r: InboxRow) => cellText(r.payload[key]) })),
    { key: 'received_at', label: 'Received', value: (r) => formatReceived(r.received_at), csv: (r) => r.received_at },
  ];
  return (
    <TableStates loading={isLoading} error={error} empty={(data ?? []).length === 0}>
      <SubmissionsTable
        caption={`${form.title} submissions`}
        columns={columns}
        rows={data ?? []}
        fileName={`${form.name}-submissions`}
      />
    </TableStates>
  );
}

'use client';

import { useEffect } from 'react';
import { cellText, formatReceived } from '@/lib/dashboard/format';
import { ServiceError } from '@/lib/dashboard/fetch-json';
import { useProAudioRows } from '@/lib/dashboard/use-submissions';
import type { ProAudioRow } from '@/lib/forms/pro-audio/schema';
import { SubmissionsTable, type TableColumn } from './submissions-table';
import { TableStates } from './table-states';

const columns: ReadonlyArray<TableColumn<ProAudioRow>> = [
  { key: 'id', label: 'ID', value: (r) => String(r.id) },
  { key: 'full_name', label: 'Full name', value: (r) => r.full_name },
  { key: 'email', label: 'Email', value: (r) => r.email },
  { key: 'phone', label: 'Phone', value: (r) => r.phone },
  { key: 'availability', label: 'Availability', value: (r) => cellText(r.availability) },
  { key: 'additional_services', label: 'Additional services', value: (r) => cellText(r.additional_services) },
  { key: 'budget', label: 'Budget', value: (r) => r.budget },
  { key: 'message', label: 'Message', value: (r) => r.message },
  { key: 'received_at', label: 'Received', value: (r) => formatReceived(r.received_at), csv: (r) => r.received_at },
];

/** The pro audio submissions table, for a signed-in staff member. */
export function AudioRequests({ onUnauthorized }: { onUnauthorized: () => void }) {
  const { data, error, isLoading } = useProAudioRows(true);
  useEffect(() => {
    if (error) console.error('Pro audio submissions could not be loaded:', error);
    if (error instanceof ServiceError && error.status === 401) onUnauthorized();
  }, [error, onUnauthorized]);
  return (
    <TableStates loading={isLoading} error={error} empty={(data ?? []).length === 0}>
      <SubmissionsTable
        caption="Pro audio form submissions"
        columns={columns}
        rows={data ?? []}
        fileName="pro-audio-submissions"
      />
    </TableStates>
  );
}

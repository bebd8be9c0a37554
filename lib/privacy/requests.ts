/** The open data requests as the dashboard's sidebar shows them (GET /api/workspace/counts → requests). */
export interface OpenRequests {
  open: number;
  overdue: number;
  /** The earliest due date among the open requests (ISO), or null. */
  earliestDue: string | null;
}

/** The line under "Data requests" in the sidebar: how many are overdue, else when the next is due; '' with none open. */
export function openRequestsNote(requests: OpenRequests | undefined): string {
  if (!requests || requests.open === 0) return '';
  if (requests.overdue > 0) return `${requests.overdue} overdue`;
  if (!requests.earliestDue) return '';
  const day = new Date(requests.earliestDue).toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
  });
  return `next due ${day}`;
}

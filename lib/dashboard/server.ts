import 'server-only';
import type { Metadata } from 'next';
import { inboxForms } from '@/lib/forms/registry';
import type { InboxFormSummary } from './views';

/** The inbox forms this build knows, as plain data for the dashboard (no schemas). */
export function inboxFormSummaries(): InboxFormSummary[] {
  return Object.values(inboxForms).map((f) => ({ name: f.name, title: f.title, payloadKeys: [...f.payloadKeys] }));
}

/** The dashboard's metadata: kept out of search results and link previews. */
export const dashboardMetadata: Metadata = {
  title: 'Dashboard',
  robots: { index: false, follow: false, nocache: true },
  referrer: 'same-origin',
};

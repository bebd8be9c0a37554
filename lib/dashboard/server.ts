import 'server-only';
import type { Metadata } from 'next';
import { inboxForms } from '@/lib/forms/registry';
import { dashboardViews, inboxViewPath } from '@/lib/routes';
import type { InboxFormSummary } from './views';

/** The inbox forms this build knows, as plain data for the dashboard (no schemas). */
export function inboxFormSummaries(): InboxFormSummary[] {
  return Object.values(inboxForms).map((f) => ({ name: f.name, title: f.title, payloadKeys: [...f.payloadKeys] }));
}

/** Every page of the dashboard to pre-render: the base path and each view. */
export function dashboardStaticParams(slug: string): Array<{ dashboard: string; view: string[] }> {
  const views = [...dashboardViews, ...inboxFormSummaries().map((f) => inboxViewPath(f.name))];
  return [
    { dashboard: `dashboard-${slug}`, view: [] },
    ...views.map((v) => ({ dashboard: `dashboard-${slug}`, view: v.split('/') })),
  ];
}

/** The dashboard's metadata: kept out of search results and link previews. */
export const dashboardMetadata: Metadata = {
  title: 'Dashboard',
  robots: { index: false, follow: false, nocache: true },
  referrer: 'same-origin',
};

import { Suspense } from 'react';
import { DashboardApp } from '@/components/dashboard/dashboard-app';
import { OnServiceOrigin } from '@/components/dashboard/service-origin';
import { dashboardMetadata, inboxFormSummaries } from '@/lib/dashboard/server';
import { dashboardPath } from '@/lib/dashboard/views';
import { getStudio } from '@/lib/studio';

export const dynamicParams = false;
export const metadata = dashboardMetadata;

/**
 * /dashboard-<slug>, the one page of the staff dashboard, generated once: post-build copies it to each
 * view's nested path (/dashboard-<slug>/payments, …), and the bundled server, `_redirects` and the
 * dev proxy answer any other nested path with it. It shows the view its address names.
 */
export function generateStaticParams() {
  return [{ dashboard: dashboardPath(getStudio().slug).slice(1) }];
}

export default function DashboardPage() {
  const studio = getStudio();
  return (
    <>
      <noscript>
        <p>The staff dashboard needs JavaScript: turn it on in your browser, then reload this page.</p>
        <style>{'#dashboard-app{display:none}'}</style>
      </noscript>
      <div id="dashboard-app">
        <OnServiceOrigin>
          <Suspense>
            <DashboardApp basePath={dashboardPath(studio.slug)} forms={inboxFormSummaries()} studioName={studio.name} />
          </Suspense>
        </OnServiceOrigin>
      </div>
    </>
  );
}

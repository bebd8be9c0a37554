import { Suspense } from 'react';
import { DashboardApp } from '@/components/dashboard/dashboard-app';
import { OnServiceOrigin } from '@/components/dashboard/service-origin';
import { dashboardMetadata, dashboardStaticParams, inboxFormSummaries } from '@/lib/dashboard/server';
import { dashboardPath } from '@/lib/routes';
import { getStudio } from '@/lib/studio';

export const dynamicParams = false;
export const metadata = dashboardMetadata;

/** /dashboard-<slug> and each of its views; any other nested path is served this shell by the server. */
export function generateStaticParams() {
  return dashboardStaticParams(getStudio().slug);
}

export default async function DashboardPage({ params }: { params: Promise<{ dashboard: string; view?: string[] }> }) {
  const { view } = await params;
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
            <DashboardApp
              basePath={dashboardPath(studio.slug)}
              initialView={(view ?? []).join('/')}
              forms={inboxFormSummaries()}
              studioName={studio.name}
            />
          </Suspense>
        </OnServiceOrigin>
      </div>
    </>
  );
}

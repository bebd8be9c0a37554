import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { GrievanceContact } from '@/components/forms/privacy-notice';
import { AnalyticsTag } from '@/components/shell/analytics-tag';
import { DevBanner } from '@/components/shell/dev-banner';
import { inter } from '@/components/shell/fonts';
import { Footer } from '@/components/shell/footer';
import { Navbar } from '@/components/shell/navbar';
import { RouteEffects } from '@/components/shell/route-effects';
import { SiteChrome } from '@/components/shell/site-chrome';
import { mainNav } from '@/content/navigation';
import { getEnv } from '@/lib/env';
import { fontsHeadScript } from '@/lib/font-loading';
import { siteNotice } from '@/lib/site-notice';
import { getStudio } from '@/lib/studio';
import './globals.css';

const studio = getStudio();
const env = getEnv();
const notice = siteNotice(env);

export const metadata: Metadata = {
  metadataBase: new URL(env.SITE_URL),
  title: { template: `%s | ${studio.name}`, default: studio.name },
  description: `${studio.name}: ${studio.tagline}.`,
  applicationName: studio.name,
  formatDetection: { telephone: false },
};

export const viewport: Viewport = {
  themeColor: '#0e0e13',
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The head script may mark <html data-fonts> before hydration (lib/font-loading.ts).
    <html lang="en-IN" className={inter.variable} suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant snippet with no visitor input; each page's CSP lists its hash. */}
        <script dangerouslySetInnerHTML={{ __html: fontsHeadScript }} />
        {env.GTM_ID ? <AnalyticsTag gtmId={env.GTM_ID} /> : null}
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteChrome
          top={
            <>
              {notice ? <DevBanner text={notice} /> : null}
              <Navbar entries={mainNav} studioName={studio.name} instituteName={studio.instituteName} />
            </>
          }
          bottom={<Footer studio={studio} buildYear={new Date().getFullYear()} />}
        >
          <main id="main" tabIndex={-1}>
            <GrievanceContact value={studio.grievance}>{children}</GrievanceContact>
          </main>
        </SiteChrome>
        <RouteEffects fontFamily={inter.style.fontFamily} />
      </body>
    </html>
  );
}

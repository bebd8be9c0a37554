import { studioDefaults } from '../../content/studio';

/** The staff account the browser tests' server is started with (see playwright.config.ts). */
export const e2eStaff = { name: 'e2e-staff', password: 'e2e-only-password-not-secret' } as const;

/** The dashboard's base path on the served build (STUDIO_SLUG when set at build time). */
export const dashboardBase = `/dashboard-${process.env.STUDIO_SLUG || studioDefaults.slug}`;

import os from 'node:os';
import path from 'node:path';
import { studioDefaults } from '../../content/studio';

/** The staff account the browser tests' server is started with (see playwright.config.ts). */
export const e2eStaff = { name: 'e2e-staff', password: 'e2e-only-password-not-secret' } as const;

/** The dashboard's base path on the served build (STUDIO_SLUG when set at build time). */
export const dashboardBase = `/dashboard-${process.env.STUDIO_SLUG || studioDefaults.slug}`;

/** The port the browser tests' server listens on (E2E_PORT, 3100 by default). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

/** The served site's embedded database: a folder of its own per port, outside the project. */
export const e2eDataDir = path.join(os.tmpdir(), `studio-e2e-data-${e2ePort}`);

/**
 * Runs after `next build` (npm run build → postbuild): records in out/site-build.json the facts the
 * running service must share with these pages (lib/site-build.ts) and the settings' fingerprint
 * that `npm start` compares to decide whether to rebuild.
 */
import '@/lib/load-env';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { SITE_BUILD_FILE, siteBuildOf } from '@/lib/site-build';

const outDir = process.argv[2] ?? 'out';
writeFileSync(path.join(outDir, SITE_BUILD_FILE), `${JSON.stringify(siteBuildOf(getEnv()), null, 2)}\n`);

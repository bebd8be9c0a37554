/**
 * The WordPress pull as a command (scripts/content-pull.ts): the build's pull before `next build`,
 * or with `--committed` (`npm run cms:pull`) the committed snapshots. Exits 1 when it failed.
 */
import '@/lib/load-env';
import { getEnv } from '@/lib/env';
import { pullCommitted, pullForBuild } from './content-pull';

const env = getEnv();
void (process.argv.includes('--committed') ? pullCommitted(env) : pullForBuild(env)).then((code) => process.exit(code));

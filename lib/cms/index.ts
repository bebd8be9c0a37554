/**
 * The getters pages call at build time. They read the snapshot synchronously: the build's own
 * (written by scripts/cms-sync.ts from CMS_URL before `next build`) or, without CMS_URL, the
 * committed one in content/cms/.
 */
import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { BUILD_SNAPSHOT, COMMITTED_SNAPSHOT, parseSnapshot } from './snapshot';
import type { CmsSnapshot, HomeCmsContent } from './types';

let cached: CmsSnapshot | undefined;

function readSnapshot(file: string): CmsSnapshot {
  const full = path.join(process.cwd(), file);
  return parseSnapshot(JSON.parse(readFileSync(full, 'utf8')) as unknown, file);
}

/** The snapshot this build renders from. */
function getCmsSnapshot(): CmsSnapshot {
  if (cached) return cached;
  const useBuild = Boolean(getEnv().CMS_URL) && existsSync(path.join(process.cwd(), BUILD_SNAPSHOT));
  cached = readSnapshot(useBuild ? BUILD_SNAPSHOT : COMMITTED_SNAPSHOT);
  return cached;
}

/** The editable section of the home page (WordPress page 22). */
export function getHomeContent(): HomeCmsContent {
  return getCmsSnapshot().content;
}

export type { HomeCmsContent } from './types';

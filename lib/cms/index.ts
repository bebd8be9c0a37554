/**
 * The getters pages call at build time. They read the snapshot synchronously: the build's own
 * (written by scripts/cms-sync.ts from CMS_URL before `next build`) or, without CMS_URL, the
 * owner's content folder (studio-content/, seeded from the shipped content/cms/ by the first build).
 */
import 'server-only';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cmsUrlIsSet, getEnv } from '@/lib/env';
import { ownerContentFile } from '@/lib/owner/folders';
import { parseCollectionItems, specOf } from './collections';
import { BUILD_DIR, BUILD_SNAPSHOT, COMMITTED_SNAPSHOT, parseSnapshot } from './snapshot';
import type { CmsCollections, CmsSnapshot, CollectionName, HomeCmsContent } from './types';

let cached: CmsSnapshot | undefined;

function readSnapshot(file: string): CmsSnapshot {
  const full = path.join(process.cwd(), file);
  return parseSnapshot(JSON.parse(readFileSync(full, 'utf8')) as unknown, file);
}

/** The snapshot this build renders from. */
function getCmsSnapshot(): CmsSnapshot {
  if (cached) return cached;
  const useBuild = Boolean(getEnv().CMS_URL) && existsSync(path.join(process.cwd(), BUILD_SNAPSHOT));
  cached = readSnapshot(useBuild ? BUILD_SNAPSHOT : ownerContentFile(path.basename(COMMITTED_SNAPSHOT)));
  return cached;
}

/**
 * A collection's items in editors' order, from the build's snapshot when this build pulled
 * WordPress, else the owner's (studio-content/<name>.json) or the shipped one (content/cms/<name>.json).
 */
export function getCollection<N extends CollectionName>(name: N): CmsCollections[N] {
  const built = path.join(BUILD_DIR, `${name}.json`);
  const useBuild = cmsUrlIsSet() && existsSync(path.join(process.cwd(), built));
  const file = useBuild ? built : ownerContentFile(`${name}.json`);
  const json = JSON.parse(readFileSync(path.join(process.cwd(), file), 'utf8')) as unknown;
  return parseCollectionItems(specOf(name), json, file);
}

/** The editable section of the home page (WordPress page 22). */
export function getHomeContent(): HomeCmsContent {
  return getCmsSnapshot().content;
}

export type { CmsImage, HomeCmsContent } from './types';

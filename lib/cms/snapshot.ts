/** Reading and checking snapshot files (content/cms/page-22.json and the build's own copy). */
import { isCmsImage, isRecord, isString } from './guards';
import type { CmsSnapshot, HomeCmsContent } from './types';

/** The committed snapshot, used when no CMS_URL is configured. */
export const COMMITTED_SNAPSHOT = 'content/cms/page-22.json';
/** Its media, served from /media/cms/. */
export const COMMITTED_MEDIA = { dir: 'public/media/cms', urlPrefix: '/media/cms' } as const;
/** The folder of the committed snapshots: page-22.json and one <collection>.json each. */
export const COMMITTED_DIR = 'content/cms';
/** The folder of the build's own snapshots (git-ignored). */
export const BUILD_DIR = 'content/cms/.build';
/** The snapshot a build with CMS_URL writes before `next build` (git-ignored). */
export const BUILD_SNAPSHOT = 'content/cms/.build/page-22.json';
/** Its media, served from /media/cms-live/ (git-ignored). */
export const BUILD_MEDIA = { dir: 'public/media/cms-live', urlPrefix: '/media/cms-live' } as const;

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

function isContent(value: unknown): value is HomeCmsContent {
  if (!isRecord(value) || !isRecord(value.pro) || !isRecord(value.moments) || !isRecord(value.insights)) return false;
  const { pro, moments, insights } = value;
  const button = pro.button;
  return (
    isString(pro.heading) &&
    isStringArray(pro.description) &&
    (pro.image === null || isCmsImage(pro.image)) &&
    (pro.backgroundColor === null || isString(pro.backgroundColor)) &&
    (button === null || (isRecord(button) && isString(button.text) && isString(button.url))) &&
    isString(moments.heading) &&
    isStringArray(moments.description) &&
    Array.isArray(moments.images) &&
    moments.images.every(isCmsImage) &&
    isString(insights.heading) &&
    isString(insights.subtitle) &&
    Array.isArray(insights.cards) &&
    insights.cards.every((c) => isRecord(c) && isString(c.number) && isString(c.title) && isString(c.text))
  );
}

/** Checks a snapshot file's JSON; throws naming the file when it is not one. */
export function parseSnapshot(json: unknown, file: string): CmsSnapshot {
  if (
    !isRecord(json) ||
    typeof json.pageId !== 'number' ||
    !isString(json.source) ||
    !isString(json.fetchedAt) ||
    !isContent(json.content)
  ) {
    throw new Error(`${file} is not a CMS snapshot: run npm run cms:pull to write it again`);
  }
  return { pageId: json.pageId, source: json.source, fetchedAt: json.fetchedAt, content: json.content };
}

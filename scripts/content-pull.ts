/**
 * The WordPress pull, in two modes (scripts/cms-sync.ts is its command; scripts/build-site.ts runs
 * the build's pull in the build's own process when only the pages are generated again):
 *  - the build's (`pullForBuild`): with CMS_URL set, pulls page 22 and every collection with their
 *    media into content/cms/.build/ and public/media/cms-live/ for the pages to render from. When
 *    WordPress fails or an item is bad, the build stops with one line naming the URL or the item and
 *    its field, so a CDN keeps serving the last good build; CMS_FALLBACK_TO_SNAPSHOT=true builds from
 *    the committed snapshots with a warning instead. Without CMS_URL the owner's content is used.
 *    Then the site's photos are made fast (lib/images: sizes, WebP, no camera metadata), cached
 *    between builds.
 *  - `npm run cms:pull` (`pullCommitted`): refreshes the committed snapshots (content/cms/*.json and
 *    public/media/cms/) from CMS_URL. Commit the result.
 * Each resolves with the exit code, having said why on the console.
 */
import { rm } from 'node:fs/promises';
import { optimizeSiteImages } from '@/lib/images/build';
import { BUILD_DIR, BUILD_MEDIA, COMMITTED_DIR, COMMITTED_MEDIA } from '@/lib/cms/snapshot';
import { cmsClientOptions } from '@/lib/cms/transport';
import { pullSite } from '@/lib/cms/sync';
import type { Env } from '@/lib/env';
import { OWNER_CONTENT_DIR, seedOwnerContent } from '@/lib/owner/folders';

async function pull(env: Env, baseUrl: string, committed: boolean): Promise<void> {
  const name = committed ? 'cms:pull' : 'cms';
  const started = performance.now();
  const media = committed ? COMMITTED_MEDIA : BUILD_MEDIA;
  const { home, counts } = await pullSite(
    cmsClientOptions(env, baseUrl, (message, detail) => console.warn(`${name}: ${message} ${detail}`)),
    { dir: committed ? COMMITTED_DIR : BUILD_DIR, mediaDir: media.dir, mediaUrlPrefix: media.urlPrefix },
  );
  const images = (home.content.pro.image ? 1 : 0) + home.content.moments.images.length;
  const items = Object.entries(counts)
    .map(([collection, n]) => `${n} ${collection}`)
    .join(', ');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${name}: page 22 (${images} image(s)) and ${items} from ${baseUrl} in ${seconds} s`);
}

/** Says where the pages' content comes from, after copying the shipped snapshots the owner's folder lacks. */
async function seedContent(line: string, say: (line: string) => void = console.log): Promise<void> {
  const copied = await seedOwnerContent();
  say(line);
  if (copied.length > 0)
    console.log(`cms: ${OWNER_CONTENT_DIR}/ started from the shipped snapshots (${copied.join(', ')}); edit it there`);
}

/** `npm run cms:pull`: the committed snapshots from CMS_URL. */
export async function pullCommitted(env: Env): Promise<number> {
  if (!env.CMS_URL) {
    console.error(
      'cms:pull needs CMS_URL, the address of the WordPress site (e.g. CMS_URL=https://cms.example.com npm run cms:pull)',
    );
    return 1;
  }
  try {
    await pull(env, env.CMS_URL, true);
    return 0;
  } catch (error) {
    console.error(`cms:pull failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** The build's pull: the content the pages render from, and the site's photos. */
export async function pullForBuild(env: Env): Promise<number> {
  await rm(BUILD_DIR, { recursive: true, force: true });
  await rm(BUILD_MEDIA.dir, { recursive: true, force: true });
  if (!env.CMS_URL) {
    await seedContent(`cms: no CMS_URL, the pages use the owner's content (${OWNER_CONTENT_DIR}/)`);
  } else {
    try {
      await pull(env, env.CMS_URL, false);
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      await rm(BUILD_DIR, { recursive: true, force: true });
      await rm(BUILD_MEDIA.dir, { recursive: true, force: true });
      if (!env.CMS_FALLBACK_TO_SNAPSHOT) {
        console.error(`cms: WordPress failed, build stopped: ${cause}`);
        return 1;
      }
      await seedContent(
        `cms: WordPress failed (${cause}); building from the owner's content (${OWNER_CONTENT_DIR}/)`,
        console.warn,
      );
    }
  }
  try {
    const started = performance.now();
    const report = await optimizeSiteImages();
    console.log(`images: ${report} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (error) {
    console.error(`images: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

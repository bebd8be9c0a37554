/**
 * Runs before `next build` (npm run build → prebuild). With CMS_URL set, pulls WordPress page 22 and
 * its media into content/cms/.build/ and public/media/cms-live/ for the pages to render from. When
 * WordPress fails, the build stops with one line naming the URL and the cause, so a CDN keeps
 * serving the last good build; CMS_FALLBACK_TO_SNAPSHOT=true builds from the committed snapshot
 * with a warning instead. Without CMS_URL the committed snapshot is used.
 */
import '@/lib/load-env';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { CmsRequestError } from '@/lib/cms/client';
import { BUILD_MEDIA, BUILD_SNAPSHOT, COMMITTED_SNAPSHOT } from '@/lib/cms/snapshot';
import { pullSnapshot } from '@/lib/cms/sync';
import { getEnv } from '@/lib/env';

async function main(): Promise<void> {
  const env = getEnv();
  await rm(path.dirname(BUILD_SNAPSHOT), { recursive: true, force: true });
  await rm(BUILD_MEDIA.dir, { recursive: true, force: true });

  if (!env.CMS_URL) {
    console.log(`cms: no CMS_URL, the pages use the committed snapshot (${COMMITTED_SNAPSHOT})`);
  } else {
    const started = performance.now();
    try {
      const snapshot = await pullSnapshot(
        {
          baseUrl: env.CMS_URL,
          fetch: (url, init) => fetch(url, init),
          timeoutMs: env.CMS_TIMEOUT_MS,
          mediaHosts: env.CMS_MEDIA_HOSTS,
        },
        { file: BUILD_SNAPSHOT, mediaDir: BUILD_MEDIA.dir, mediaUrlPrefix: BUILD_MEDIA.urlPrefix },
      );
      const images = (snapshot.content.pro.image ? 1 : 0) + snapshot.content.moments.images.length;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`cms: page 22 from ${env.CMS_URL} with ${images} image(s) in ${seconds} s`);
    } catch (error) {
      const cause =
        error instanceof CmsRequestError ? error.message : error instanceof Error ? error.message : String(error);
      await rm(path.dirname(BUILD_SNAPSHOT), { recursive: true, force: true });
      await rm(BUILD_MEDIA.dir, { recursive: true, force: true });
      if (env.CMS_FALLBACK_TO_SNAPSHOT) {
        console.warn(`cms: WordPress failed (${cause}); building from the committed snapshot (${COMMITTED_SNAPSHOT})`);
      } else {
        console.error(`cms: WordPress failed, build stopped: ${cause}`);
        process.exit(1);
      }
    }
  }
}

void main();

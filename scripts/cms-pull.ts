/**
 * npm run cms:pull: refreshes the committed snapshot (content/cms/page-22.json and its images in
 * public/media/cms/) from the WordPress site in CMS_URL. Commit the result.
 */
import '@/lib/load-env';
import { COMMITTED_MEDIA, COMMITTED_SNAPSHOT } from '@/lib/cms/snapshot';
import { pullSnapshot } from '@/lib/cms/sync';
import { getEnv } from '@/lib/env';

async function main(): Promise<void> {
  const env = getEnv();
  if (!env.CMS_URL) {
    console.error(
      'cms:pull needs CMS_URL, the address of the WordPress site (e.g. CMS_URL=https://cms.example.com npm run cms:pull)',
    );
    process.exit(1);
  }
  try {
    const snapshot = await pullSnapshot(
      {
        baseUrl: env.CMS_URL,
        fetch: (url, init) => fetch(url, init),
        timeoutMs: env.CMS_TIMEOUT_MS,
        mediaHosts: env.CMS_MEDIA_HOSTS,
      },
      { file: COMMITTED_SNAPSHOT, mediaDir: COMMITTED_MEDIA.dir, mediaUrlPrefix: COMMITTED_MEDIA.urlPrefix },
    );
    const images = (snapshot.content.pro.image ? 1 : 0) + snapshot.content.moments.images.length;
    console.log(`cms:pull: wrote ${COMMITTED_SNAPSHOT} and ${images} image(s) in ${COMMITTED_MEDIA.dir}/`);
  } catch (error) {
    console.error(`cms:pull failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

void main();

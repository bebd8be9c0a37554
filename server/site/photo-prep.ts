/**
 * Photos prepared as soon as an editor uploads them to WordPress: the Studio site plugin tells the
 * service the new media items (POST /api/rebuild/photos), and the service downloads each one as the
 * build will and encodes its sizes into the build's image cache (lib/images/build.ts encodePhoto,
 * named by content hash). The build that publishes the photo then finds them made, so an editor's
 * save goes live sooner. Nothing here changes what a build makes: a photo not prepared (WordPress
 * down, the notice lost, a photo attached to a draft) is encoded by the build as before.
 */
import { downloadImage, loadMediaItems } from '@/lib/cms/client';
import type { CmsClientOptions } from '@/lib/cms/transport';

export interface PhotoPrep {
  /** Queues the media items `ids` for preparing, one batch after another; never throws. */
  prepare(ids: readonly number[]): void;
  /** Resolves once every batch queued so far has been prepared or has failed. */
  settled(): Promise<void>;
}

export interface PhotoPrepOptions {
  /** How WordPress is reached: the build's own settings (CMS_URL, CMS_MEDIA_HOSTS, CMS_TIMEOUT_MS). */
  cms: CmsClientOptions;
  /** The build's image cache (.cache/images in the project folder). */
  cacheDir: string;
  /** One line per batch: the media ids prepared, or why one was not (the pull's own error, as a build logs it). */
  log: (line: string) => void;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Downloads and encodes the media items `ids` that WordPress sends to the public; returns the log line. */
async function prepareBatch(ids: readonly number[], opts: PhotoPrepOptions): Promise<string> {
  const started = performance.now();
  const media = await loadMediaItems(opts.cms, ids);
  // sharp is loaded on the first upload, not with the service.
  const { encodePhoto } = await import('@/lib/images/build');
  const done: string[] = [];
  let encoded = 0;
  for (const item of media) {
    try {
      const { bytes } = await downloadImage(item.sourceUrl, opts.cms);
      encoded += (await encodePhoto(Buffer.from(bytes), opts.cacheDir)).encoded;
      done.push(String(item.id));
    } catch (error) {
      opts.log(`photos: media ${item.id} not prepared (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const unseen = ids.filter((id) => !media.some((m) => m.id === id));
  const absent = unseen.length > 0 ? `; not public yet: media ${unseen.join(', ')}` : '';
  return `photos: media ${done.join(', ') || '(none)'} prepared for the next build (${encoded} size(s) encoded) in ${seconds(started)}${absent}`;
}

/** The service's photo preparer: batches run one after another, so a burst of uploads never takes every core and the memory at once. */
export function photoPrep(opts: PhotoPrepOptions): PhotoPrep {
  let queue: Promise<void> = Promise.resolve();
  return {
    prepare(ids) {
      queue = queue.then(() =>
        prepareBatch(ids, opts).then(opts.log, (error: unknown) =>
          opts.log(
            `photos: media ${ids.join(', ')} not prepared (${error instanceof Error ? error.message : String(error)})`,
          ),
        ),
      );
    },
    settled: () => queue,
  };
}

/**
 * The launch check's view of the content (lib/launch.ts checkContent): the content records, and
 * whether the file behind an image path is still one of the generated placeholders shipped with
 * the project (by its bytes, so a real photo dropped at the same path passes).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { latestArtists } from '@/content/artists';
import { gallery } from '@/content/gallery';
import { newsHighlight, newsItems } from '@/content/news';
import { testimonials } from '@/content/testimonials';
import { checkContent } from '@/lib/launch';
import { placeholderMediaSha256 } from '@/lib/placeholder-media';

function isPlaceholderImage(src: string): boolean {
  try {
    const bytes = readFileSync(path.join(process.cwd(), 'public', src));
    return placeholderMediaSha256.has(createHash('sha256').update(bytes).digest('hex'));
  } catch {
    return false;
  }
}

/** What a public build built now would ship from the content records, one line each. */
export function contentLaunchProblems(today = new Date()): string[] {
  return checkContent(
    { news: [newsHighlight, ...newsItems], artists: latestArtists, testimonials, gallery },
    { today, isPlaceholderImage },
  );
}

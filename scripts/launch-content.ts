/**
 * The launch check's view of the content (lib/launch.ts checkContent): every image every page
 * shows, each with the place the owner replaces it (the WordPress screen when the site is built
 * from WordPress, else a file of the owner's media folder), the people's names with theirs, and
 * whether the file that would ship for an image is still one of the generated placeholders (by
 * its bytes, so a real photo put in its place passes).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { aboutCopy } from '@/content/about';
import { carouselSlides } from '@/content/carousel';
import { coursesOverview, instruments } from '@/content/courses';
import { homeCopy } from '@/content/home';
import { instituteCopy } from '@/content/institute';
import { servicePages } from '@/content/services';
import { testimonialsBackground } from '@/content/testimonials';
import { getCollection, getHomeContent } from '@/lib/cms';
import { getEnv } from '@/lib/env';
import { checkContent, type ShippedImage, type ShippedName } from '@/lib/launch';
import { OWNER_CONTENT_DIR, OWNER_LOGO_SRC, ownerMediaFile, ownerMediaPlace } from '@/lib/owner/folders';
import { placeholderMediaSha256 } from '@/lib/placeholder-media';

/** True when the file that ships for `src` (the owner's, else the project's) is a generated placeholder. */
function isPlaceholderImage(src: string): boolean {
  // The Open Graph cards' logo has no shipped file: the generated mark is drawn until the owner's is there.
  if (src === OWNER_LOGO_SRC) return !ownerMediaFile(src);
  try {
    const bytes = readFileSync(ownerMediaFile(src) ?? path.join(process.cwd(), 'public', src));
    return placeholderMediaSha256.has(createHash('sha256').update(bytes).digest('hex'));
  } catch {
    return false;
  }
}

/** An image the project's own records place: the owner replaces it in their media folder. */
const own = (src: string, what: string): ShippedImage => ({ src, what, place: ownerMediaPlace(src) });

/** The images and names WordPress (or, without it, the owner's content folder) holds. */
function editorsContent(fromWordPress: boolean): { images: ShippedImage[]; names: ShippedName[] } {
  const screen = (menu: string, title: string, id: number) => `WordPress › ${menu} › “${title}” (#${id})`;
  const photo = (menu: string, file: string, title: string, id: number, src: string, what: string): ShippedImage =>
    fromWordPress
      ? { src, what, place: `${screen(menu, title, id)}, its featured image` }
      : { src, what: `${what} (${OWNER_CONTENT_DIR}/${file})`, place: ownerMediaPlace(src) };
  const named = (menu: string, file: string, name: string, id: number, what: string): ShippedName => ({
    name,
    what,
    place: fromWordPress ? screen(menu, name, id) : `${OWNER_CONTENT_DIR}/${file}`,
  });
  const images: ShippedImage[] = [];
  const names: ShippedName[] = [];
  for (const a of getCollection('artists')) {
    names.push(named('Artists', 'artists.json', a.name, a.id, 'an artist on the home page'));
    images.push(photo('Artists', 'artists.json', a.name, a.id, a.image.src, `the portrait of ${a.name}`));
  }
  for (const t of getCollection('testimonials')) {
    names.push(named('Testimonials', 'testimonials.json', t.name, t.id, 'a testimonial on the home page'));
    images.push(photo('Testimonials', 'testimonials.json', t.name, t.id, t.image.src, `the photo of ${t.name}`));
  }
  for (const g of getCollection('gallery')) {
    images.push(
      photo('Gallery', 'gallery.json', g.title, g.id, g.image.src, `the About page's gallery photo “${g.title}”`),
    );
  }
  for (const p of getCollection('projects')) {
    images.push(
      photo('Projects', 'projects.json', p.title, p.id, p.image.src, `the institute's project still “${p.title}”`),
    );
  }
  const home = getHomeContent();
  const page22 = (field: string, src: string, what: string): ShippedImage =>
    fromWordPress
      ? { src, what, place: `WordPress › Pages › page 22, field ${field}` }
      : { src, what: `${what} (${OWNER_CONTENT_DIR}/page-22.json)`, place: ownerMediaPlace(src) };
  if (home.pro.image) images.push(page22('pro_image', home.pro.image.src, "the home page's studio section photo"));
  images.push(
    ...home.moments.images.map((image, i) =>
      page22(`moment_image_${i + 1}`, image.src, `the home page's moment photo ${i + 1}`),
    ),
  );
  return { images, names };
}

/** Every image the pages show and every person they name, each with the place the owner changes it. */
export function shippedContent(fromWordPress = Boolean(getEnv().CMS_URL)): {
  images: ShippedImage[];
  names: ShippedName[];
} {
  const editors = editorsContent(fromWordPress);
  const images: ShippedImage[] = [
    own(OWNER_LOGO_SRC, "the studio's logo on every page's Open Graph card (the picture a shared link shows)"),
    own(homeCopy.hero.image.src, "the home page's hero photo"),
    own(testimonialsBackground.src, "the home page's testimonials background"),
    ...carouselSlides.map((s, i) => own(s.image, `the institute's carousel slide ${i + 1} “${s.title}”`)),
    own(instituteCopy.hero.poster.src, "the institute's hero video poster"),
    own(aboutCopy.description.image.src, "the About page's studio picture"),
    ...coursesOverview.cards.map((c) => own(c.image.src, `the course card picture “${c.title}”`)),
    ...instruments.map((c) => own(c.image.src, `the instrument course picture “${c.name}”`)),
    ...Object.values(servicePages).map((s) => own(s.icon, `the service icon of “${s.title}”`)),
    ...editors.images,
  ];
  return { images, names: editors.names };
}

/** What a public build built now would ship from the content, one line each. */
export function contentLaunchProblems(): string[] {
  return checkContent(shippedContent(), { isPlaceholderImage });
}

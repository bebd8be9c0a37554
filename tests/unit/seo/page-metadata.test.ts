/**
 * @jest-environment node
 */
import { studioDefaults } from '@/content/studio';
import { OG_IMAGE_SIZE, ogImagePath } from '@/lib/og';
import { routes } from '@/lib/routes';
import { fullTitle, MAX_DESCRIPTION, MAX_TITLE, pageMetadata } from '@/lib/seo';

describe('page metadata', () => {
  it.each(routes.map((r) => [r.path, r]))('%s: title within 60 characters, description within 160', (_path, route) => {
    expect(fullTitle(route.path, studioDefaults.name).length).toBeLessThanOrEqual(MAX_TITLE);
    expect(route.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
  });

  it('gives every page its own 1200×630 Open Graph image and a large Twitter card', () => {
    const files = new Set(routes.map((r) => ogImagePath(r.path)));
    expect(files.size).toBe(routes.length);
    const meta = pageMetadata('/institute/diploma-courses');
    const image = { url: 'http://localhost:3000/og/institute-diploma-courses.png', ...OG_IMAGE_SIZE };
    expect(meta.openGraph?.images).toEqual([expect.objectContaining(image)]);
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image', images: [expect.objectContaining(image)] });
    expect(ogImagePath('/')).toBe('/og/home.png');
  });
});

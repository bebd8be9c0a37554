/**
 * @jest-environment node
 */
import { parseEnv } from '@/lib/env';
import { checkContent, launchClaims, launchProblems } from '@/lib/launch';
import { organizationJsonLd } from '@/lib/structured-data';
import { siteNotice } from '@/lib/site-notice';
import { getStudio } from '@/lib/studio';
import { shippedContent } from '@/scripts/launch-content';
import { completeIdentity } from './identity';

const real = {
  images: [
    {
      src: '/media/about/studio.webp',
      what: "the About page's studio picture",
      place: 'studio-media/about/studio.jpg',
    },
  ],
  names: [{ name: 'Meher Rao', what: 'an artist on the home page', place: 'WordPress › Artists › “Meher Rao” (#7)' }],
};

describe('the launch check of the content', () => {
  it('passes real content', () => {
    expect(checkContent(real, { isPlaceholderImage: () => false })).toEqual([]);
  });

  it('names each placeholder image and name with the place the owner replaces it, once', () => {
    const problems = checkContent(
      {
        images: [...real.images, ...real.images],
        names: [{ name: 'Aarohi', what: 'an artist on the home page', place: 'studio-content/artists.json' }],
      },
      { isPlaceholderImage: (src) => src.startsWith('/media/about/') },
    );
    expect(problems).toEqual([
      'studio-content/artists.json: "Aarohi" (an artist on the home page) is a placeholder name; set the real one',
      "studio-media/about/studio.jpg: the About page's studio picture is still the generated placeholder; put the studio's own image there",
    ]);
  });

  it('covers every image of every page, each with a WordPress screen or a media folder file, never a TypeScript module', () => {
    const local = shippedContent(false);
    const srcs = local.images.map((i) => i.src);
    for (const src of [
      '/media/carousel/slide-01.webp',
      '/media/carousel/slide-13.webp',
      '/media/about/studio.webp',
      '/media/courses/music-production.webp',
      '/media/instruments/guitar.svg',
      '/media/services/mixing.svg',
      '/media/home/hero.webp',
      '/media/institute/hero-poster.webp',
      '/media/gallery/gallery-01.webp',
      '/media/cms/41-pro-studio.webp',
      '/media/brand/logo.svg',
    ])
      expect(srcs).toContain(src);
    expect(local.images.find((i) => i.src === '/media/carousel/slide-03.webp')?.place).toBe(
      'studio-media/carousel/slide-03.jpg (or .png, .webp)',
    );
    const wordpress = shippedContent(true);
    expect(wordpress.images.find((i) => i.src === '/media/cms/41-pro-studio.webp')?.place).toBe(
      'WordPress › Pages › page 22, field pro_image',
    );
    expect(wordpress.names.map((n) => n.place)).toContain('WordPress › Artists › “Aarohi” (#141)');
    for (const place of [...local.images, ...wordpress.images, ...local.names, ...wordpress.names].map((i) => i.place))
      expect(place).not.toMatch(/\.tsx?\b/);
  });
});

describe('claims, the notice and absent profiles', () => {
  it('lists each unconfirmed claim with the setting that confirms it and where it is written', () => {
    const problems = launchProblems(parseEnv({ ...completeIdentity, LAUNCH_CONFIRMED_CLAIMS: 'reviewers' }));
    expect(problems).toEqual([
      `LAUNCH_CONFIRMED_CLAIMS in .env: "10k+ attendees" (the masterclass page's badge) is unverified; when it is true add attendees to LAUNCH_CONFIRMED_CLAIMS`,
    ]);
    expect(launchClaims.map((c) => c.name)).toEqual(['attendees', 'reviewers']);
  });

  it('the notice is a setting: the default is refused for launch, off shows none, text shows that text', () => {
    expect(siteNotice(parseEnv({}))).toMatch(/under development/);
    expect(siteNotice(parseEnv({ SITE_NOTICE: 'off' }))).toBeNull();
    expect(siteNotice(parseEnv({ SITE_NOTICE: 'Admissions close on 31 March' }))).toBe('Admissions close on 31 March');
    const { SITE_NOTICE: _notice, ...withoutNotice } = completeIdentity;
    expect(launchProblems(parseEnv(withoutNotice))).toEqual([
      'SITE_NOTICE in .env: every page would say the site is under development; set SITE_NOTICE=off, or a notice of your own',
    ]);
  });

  it('a profile declared none passes the check and is left out of sameAs', () => {
    const env = parseEnv({ ...completeIdentity, STUDIO_X: 'none', STUDIO_LINKEDIN: 'None' });
    expect(launchProblems(env)).toEqual([]);
    const studio = getStudio(env);
    expect(studio.social.x).toBeNull();
    expect(organizationJsonLd(studio, env.SITE_URL).sameAs).toEqual([
      'https://www.facebook.com/one11studios',
      'https://www.instagram.com/one11studios',
    ]);
  });
});

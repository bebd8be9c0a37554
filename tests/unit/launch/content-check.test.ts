import { parseEnv } from '@/lib/env';
import { checkContent, launchClaims, launchProblems, NEWS_MAX_AGE_DAYS } from '@/lib/launch';
import { organizationJsonLd } from '@/lib/structured-data';
import { siteNotice } from '@/lib/site-notice';
import { getStudio } from '@/lib/studio';
import { completeIdentity } from './identity';

const today = new Date('2027-03-01T10:00:00+05:30');
const real = {
  news: [{ date: '2027-02-20', title: 'Spring batch open' }],
  artists: [{ name: 'Meher Rao', image: { src: '/media/artists/meher.webp' } }],
  testimonials: [{ name: 'Ishaan P., diploma 2026', image: '/media/testimonials/ishaan.webp' }],
  gallery: [{ img: '/media/gallery/launch.webp', title: 'Launch night' }],
};
const none = () => false;

describe('the launch check of the content', () => {
  it('passes real content', () => {
    expect(checkContent(real, { today, isPlaceholderImage: none })).toEqual([]);
  });

  it('refuses stale and future news, naming the record', () => {
    const problems = checkContent(
      {
        ...real,
        news: [
          { date: '2025-06-01', title: 'Admissions open for 2025' },
          { date: '2027-04-01', title: 'Typo' },
          { date: '2026-12-02', title: 'Just fresh enough' },
        ],
      },
      { today, isPlaceholderImage: none },
    );
    expect(problems).toEqual([
      `content/news.ts: "Admissions open for 2025" is dated 2025-06-01, more than ${NEWS_MAX_AGE_DAYS} days ago; update or remove it`,
      'content/news.ts: "Typo" is dated 2027-04-01, in the future; correct its date',
    ]);
  });

  it('refuses the shipped placeholder names and generated images, naming the record and the file', () => {
    const problems = checkContent(
      {
        ...real,
        artists: [{ name: 'Aarohi', image: { src: '/media/artists/artist-1.webp' } }],
        testimonials: [{ name: 'Band, mixing and mastering client', image: '/media/testimonials/person-3.webp' }],
      },
      { today, isPlaceholderImage: (src) => src.includes('/artist-') || src.includes('/gallery/') },
    );
    expect(problems).toEqual([
      'content/artists.ts: "Aarohi" is a placeholder artist; set a signed artist\'s name',
      "content/artists.ts: /media/artists/artist-1.webp (Aarohi) is a generated placeholder; use the artist's photo",
      'content/testimonials.ts: "Band, mixing and mastering client" is a placeholder; name the person as they agreed',
      'content/gallery.ts: /media/gallery/launch.webp ("Launch night") is a generated placeholder; use a photo',
    ]);
  });
});

describe('claims, the notice and absent profiles', () => {
  it('lists each unconfirmed claim with the setting that confirms it and where it is written', () => {
    const problems = launchProblems(parseEnv({ ...completeIdentity, LAUNCH_CONFIRMED_CLAIMS: 'reviewers' }));
    expect(problems).toEqual([
      'LAUNCH_CONFIRMED_CLAIMS: "10k+ attendees" (content/forms/masterclass.ts, badges.attendees) is unverified; when it is true add attendees to LAUNCH_CONFIRMED_CLAIMS, else change or remove it there',
    ]);
    expect(launchClaims.map((c) => c.name)).toEqual(['attendees', 'reviewers']);
  });

  it('the notice is a setting: the default is refused for launch, off shows none, text shows that text', () => {
    expect(siteNotice(parseEnv({}))).toMatch(/under development/);
    expect(siteNotice(parseEnv({ SITE_NOTICE: 'off' }))).toBeNull();
    expect(siteNotice(parseEnv({ SITE_NOTICE: 'Admissions close on 31 March' }))).toBe('Admissions close on 31 March');
    const { SITE_NOTICE: _notice, ...withoutNotice } = completeIdentity;
    expect(launchProblems(parseEnv(withoutNotice))).toEqual([
      'SITE_NOTICE: every page would say the site is under development; set SITE_NOTICE=off, or a notice of your own',
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

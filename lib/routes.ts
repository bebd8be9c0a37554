import { talentShowTitle } from '../content/forms/talent-show';

/**
 * The route table: every page the site builds, with its title, description, case aliases and
 * whether search engines should list it. Navigation, footer, sitemap, the alias step, the bundled
 * server and the tests all read this table; a page that is not here fails the tests.
 */
export interface RouteEntry {
  /** The canonical path, as linked and as written to out/ (`/legal` → out/legal.html). */
  readonly path: `/${string}`;
  readonly title: string;
  readonly description: string;
  /** Listed in sitemap.xml and indexable; false gives the page a noindex robots tag. */
  readonly sitemap: boolean;
  /** Other spellings that must reach the same page (served as copies with a canonical link). */
  readonly aliases?: readonly `/${string}`[];
}

export const routes = [
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description:
      'How the studio collects, uses and protects your name, e-mail, phone number and payment details, and how to access, correct or delete them.',
    sitemap: true,
  },
  {
    path: '/your-data',
    title: 'Your Data',
    description:
      'See, download, correct or erase the personal data the studio holds about you, with a one-time link sent to your e-mail.',
    sitemap: false,
  },
  {
    path: '/legal',
    title: 'Legal Guidelines',
    description:
      'Terms of use of the website, intellectual property, prohibited activities, liability and the Indian law that governs them.',
    sitemap: true,
    aliases: ['/Legal'],
  },
  {
    path: '/refund-policy',
    title: 'Refund Policy',
    description:
      'Which purchases can be refunded, the 12-hour window for studio services, and how to send a refund request.',
    sitemap: true,
  },
  {
    path: '/upcoming',
    title: 'Coming Soon',
    description: 'Something new is on its way from the studio. Count down to the launch with us.',
    sitemap: true,
  },
  {
    path: '/submission-successfully',
    title: 'Thank You for Registering',
    description: 'Your registration has been received.',
    sitemap: false,
  },
  {
    path: '/submission-successfully/talent-show',
    title: 'Thank You for Registering',
    description: 'Your talent show registration has been received.',
    sitemap: false,
  },
  {
    path: '/submission-successfully/course',
    title: 'Thank You for Registering',
    description: 'Your course registration has been received.',
    sitemap: false,
  },
  {
    path: '/Services-Thanku',
    title: 'Request Received',
    description: 'Your request for services has been received.',
    sitemap: false,
  },
  // The manual UPI payment pages (steps of a flow, kept out of search results)
  {
    path: '/payment',
    title: 'Masterclass Payment',
    description: 'Pay for the online masterclass by UPI and send your payment details to the studio on WhatsApp.',
    sitemap: false,
  },
  {
    path: '/institute/course-payment',
    title: 'Course Registration Payment',
    description: 'Pay the course registration fee by UPI and send your payment details to the institute on WhatsApp.',
    sitemap: false,
  },
  {
    // A studio booking's deposit: the booking's reference in the address.
    path: '/book/deposit',
    title: 'Pay Your Booking Deposit',
    description: 'Pay the deposit of your studio booking by UPI and send the payment details to the studio.',
    sitemap: false,
  },
  // The visitor forms, the masterclass terms, the certificate page and the forms hub
  {
    path: '/one11Register',
    title: talentShowTitle,
    description:
      'Register for the live talent show: battles of bands, singer-songwriters, rappers, DJs and instrumentalists. Send your demo and photo links.',
    sitemap: true,
  },
  {
    // The same form at a second address the spec declares; kept out of search results so the two do not compete.
    path: '/register',
    title: talentShowTitle,
    description:
      'Register for the live talent show: battles of bands, singer-songwriters, rappers, DJs and instrumentalists. Send your demo and photo links.',
    sitemap: false,
  },
  {
    path: '/query',
    title: 'Submit Your Query',
    description: 'Ask the studio anything about its courses, services or label, and our team will get back to you.',
    sitemap: true,
  },
  {
    path: '/request-form',
    title: 'Request Music Composition',
    description:
      'Request a studio service: music composition, recording, editing, sound design, mixing, mastering, distribution, video, promotion or artist management.',
    sitemap: true,
  },
  {
    path: '/book',
    title: 'Book the Studio',
    description:
      'Book recording, mixing, mastering or production time: choose a room, an engineer, a day and a start, and hold it with a UPI deposit.',
    sitemap: true,
  },
  {
    // The step after a booking (its reference in the address): kept out of search results.
    path: '/book/held',
    title: 'Your Time Is Held',
    description: 'Your studio booking is held: pay the deposit by UPI before the hold ends to confirm it.',
    sitemap: false,
  },
  {
    // The target of Enroll Now: the address search engines list.
    path: '/institute/Music-course-form',
    title: 'Certification Course Registration',
    description:
      'Register for a certification or diploma course in music production, online or offline, then pay the registration fee.',
    sitemap: true,
  },
  {
    // The same form at the second address the spec declares; kept out of search results.
    path: '/institute/Music-certificate-form',
    title: 'Certification Course Registration',
    description:
      'Register for a certification or diploma course in music production, online or offline, then pay the registration fee.',
    sitemap: false,
  },
  {
    path: '/institute/diploma-course-form',
    title: 'Diploma Course Registration',
    description: 'Register for a professional diploma course in music production, sound design or music business.',
    sitemap: true,
  },
  {
    path: '/institute/Music-certificate',
    title: 'Music Production Certificate',
    description:
      'The certificate that ends every certification course: 8-12 weeks, 2-3 hour classes, online or offline, and how to enrol.',
    sitemap: true,
  },
  {
    path: '/masterclass',
    title: 'Music Production Masterclass',
    description:
      'A 2-hour live online masterclass: beat making, mixing and mastering, a DAW walkthrough and a release roadmap. 100% refund guarantee.',
    sitemap: true,
  },
  // anyone checks a certificate's serial (the QR code on each certificate opens it)
  {
    path: '/verify-certificate',
    title: 'Verify a Certificate',
    description:
      'Check a certificate issued by the studio: enter its serial number to see whether it is valid, for whom and for which course.',
    sitemap: true,
  },
  // the registrant's own page, opened from their e-mails (a signed token in the fragment)
  {
    path: '/my-registration',
    title: 'Your Registration',
    description: 'The status of your masterclass or course registration, its invoice, and its refund.',
    sitemap: false,
  },
  {
    path: '/masterClass-Terms',
    title: 'Masterclass Terms',
    description:
      'Refund terms of the online masterclass: eligibility, valid grounds, participant acknowledgement and contact.',
    sitemap: true,
  },
  {
    path: '/submission',
    title: 'Register, Enrol or Ask',
    description:
      'Every form of the studio in one place: the masterclass, course registrations, the talent show, service requests and queries.',
    sitemap: true,
  },
  // The content pages (home, institute, about, services, service pages, course pages, contact)
  {
    path: '/',
    title: 'Music Studio, Institute and Record Label',
    description:
      'Recording, mixing, mastering and music production services, certification and diploma courses, and a record label for new artists, all under one roof in India.',
    sitemap: true,
  },
  {
    path: '/institute',
    title: 'Music Institute',
    description:
      'Certification and diploma courses in music production, mixing and sound design, taught in a working studio, online and offline.',
    sitemap: true,
    aliases: ['/Institute'],
  },
  {
    path: '/institute/certification-courses',
    title: 'Professional Certification Courses',
    description:
      'Music production certification in four levels, Basic to Pro: 8-12 weeks, 2-3 hour classes, online and offline, with a certificate on completion.',
    sitemap: true,
  },
  {
    path: '/institute/diploma-courses',
    title: 'Professional Diploma Courses',
    description:
      'Five diplomas: music production, sound designing, and music production with music business, sound designing or both, taught by working producers.',
    sitemap: true,
  },
  {
    path: '/institute/instrument-certificate',
    title: 'Instrument Courses',
    description: 'Guitar, drums and piano courses at the institute: coming soon.',
    sitemap: true,
  },
  {
    path: '/about',
    title: 'About Us',
    description: 'Our story since August 2022, a gallery of sessions and students, and where to find the studio.',
    sitemap: true,
  },
  {
    path: '/services',
    title: 'Services',
    description:
      'Composition, recording, editing and arrangement, sound design, mixing, mastering, distribution, video production, promotion and artist management.',
    sitemap: true,
  },
  {
    path: '/pro-music-production',
    title: 'Pro Music Composition',
    description: 'Songwriting, jingles, soundtracks and music for media, composed and produced with you in the studio.',
    sitemap: true,
  },
  {
    path: '/pro-audio-recording',
    title: 'Pro Audio Recording',
    description:
      'Vocal, instrument and band recording in a treated room with a flexible setup and modern editing tools.',
    sitemap: true,
  },
  {
    path: '/pro-audio-editing',
    title: 'Pro Audio Editing & Arrangement',
    description:
      'Comping, timing and tuning, clean-up and arrangement that turn raw takes into a finished song structure.',
    sitemap: true,
  },
  {
    path: '/pro-sound-design',
    title: 'Pro Sound Design',
    description:
      'Sound design and Foley for films, games, ads and releases: custom sounds, recorded and built to picture.',
    sitemap: true,
  },
  {
    path: '/pro-audio-mixing',
    title: 'Pro Audio Mixing',
    description: 'Balanced, punchy mixes for songs, podcasts and film, with revisions until the mix feels right.',
    sitemap: true,
  },
  {
    path: '/pro-audio-mastering',
    title: 'Pro Audio Mastering',
    description: 'Loud, clean and consistent masters for streaming platforms, radio and video, album or single.',
    sitemap: true,
  },
  {
    path: '/music-distribution',
    title: 'Music Distribution',
    description:
      'Release your music on streaming platforms and stores, with metadata, artwork checks and release planning.',
    sitemap: true,
  },
  {
    path: '/music-production',
    title: 'Music Promotion',
    description: 'Social media strategy, brand promotion, content creation and PR that get your release heard.',
    sitemap: true,
  },
  {
    path: '/video-production',
    title: 'Video Production',
    description:
      'Music videos, corporate videos, short films and custom projects, from concept and shoot to the final edit.',
    sitemap: true,
  },
  {
    path: '/portfolio-shoot',
    title: 'Portfolio Shoot',
    description:
      'Press photos and performance clips for artists: the visuals your profile, pitch deck and release need.',
    sitemap: true,
  },
  {
    path: '/artist-management',
    title: 'Artist Management & PR',
    description: 'Event bookings, promotion, contract deals and tour support for independent artists and bands.',
    sitemap: true,
  },
  {
    path: '/artist',
    title: 'Artists',
    description: 'How the studio works with artists: development, releases, bookings and promotion under one roof.',
    sitemap: true,
  },
  {
    path: '/artist-promotion',
    title: 'Artist Promotion',
    description: 'Release campaigns, playlist pitching, social media content and press for independent artists.',
    sitemap: true,
  },
  {
    path: '/record',
    title: 'Record Label',
    description:
      'The studio’s record label: how we sign, develop and release new artists, and how to send us your music.',
    sitemap: true,
  },
  {
    path: '/connect-with-us',
    title: "Let's Connect",
    description:
      'E-mail, WhatsApp, social links and the address of the studio, and the forms for queries and service requests.',
    sitemap: true,
    aliases: ['/contact'],
  },
  // The pro audio form (the dashboard is outside the table: its path comes from the studio's slug)
  {
    path: '/pro-audio-recording-form',
    title: 'Pro Audio Recording Form',
    description:
      'Book a professional audio recording session: tell us when you are free, which editing, mixing or mastering you need, and your budget.',
    sitemap: true,
  },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof routes)[number]['path'];

const byPath = new Map<string, RouteEntry>(routes.map((r) => [r.path, r]));

/** The table entry of a canonical path. */
export function routeFor(path: RoutePath): RouteEntry {
  const entry = byPath.get(path);
  if (!entry) throw new Error(`No route ${path} in lib/routes.ts`);
  return entry;
}

/** True when `path` (without query or hash) is a canonical path of the table. */
export function isRoutePath(path: string): path is RoutePath {
  return byPath.has(path);
}

/** Each alias with the canonical path it stands for: one source for the export, _redirects, proxy and server. */
export const aliasRules: ReadonlyArray<{ from: `/${string}`; to: RoutePath }> = routes.flatMap((r) =>
  'aliases' in r ? r.aliases.map((from) => ({ from, to: r.path })) : [],
);

/** The canonical path of an alias, or undefined. */
export function canonicalOf(path: string): RoutePath | undefined {
  return aliasRules.find((rule) => rule.from === path)?.to;
}

/** Routes listed in sitemap.xml. */
export const sitemapPaths: readonly RoutePath[] = routes.filter((r) => r.sitemap).map((r) => r.path);

/** The file a canonical path is exported to, relative to out/. */
export function exportFileOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

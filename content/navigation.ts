/** The navigation bar and footer links, as the spec's tables give them. */
export interface NavLink {
  readonly label: string;
  readonly href: string;
}

export interface NavMenu {
  readonly id: 'services' | 'about';
  readonly label: string;
  /** Where the label itself goes on wide screens. */
  readonly href: string;
  readonly items: readonly NavLink[];
}

export type NavEntry = ({ readonly kind: 'link' } & NavLink) | ({ readonly kind: 'menu' } & NavMenu);

const link = (label: string, href: string): NavEntry => ({ kind: 'link', label, href });

const menu = (id: NavMenu['id'], label: string, href: string, items: readonly NavLink[]): NavEntry => ({
  kind: 'menu',
  id,
  label,
  href,
  items,
});

export const mainNav: readonly NavEntry[] = [
  link('Home', '/'),
  link('Institute', '/institute'),
  menu('services', 'Services', '/services', [
    { label: 'Pro Music Composition', href: '/pro-music-production' },
    { label: 'Pro Audio Recording', href: '/pro-audio-recording' },
    { label: 'Pro Audio Editing & Arrangement', href: '/pro-audio-editing' },
    { label: 'Pro Sound Design', href: '/pro-sound-design' },
    { label: 'Pro Audio Mixing', href: '/pro-audio-mixing' },
    { label: 'Pro Audio Mastering', href: '/pro-audio-mastering' },
    { label: 'Music Distribution', href: '/upcoming' },
    { label: 'Video Production', href: '/video-production' },
    { label: 'Music Promotion', href: '/music-production' },
    { label: 'Artist Management', href: '/artist-management' },
  ]),
  link('Record Label', '/record'),
  menu('about', 'About Us', '/about', [
    { label: 'Our Story', href: '/about#our-stories' },
    { label: 'Gallery', href: '/about#our-gallery' },
    { label: 'Visit us', href: '/about#our-location' },
  ]),
];

/** The two forms visitors look for outside the navbar: linked from the footer and their service pages. */
export const talentShowLink: NavLink = { label: 'Talent Show Registration', href: '/one11Register' };
export const proAudioFormLink: NavLink = { label: 'Pro Audio Recording Form', href: '/pro-audio-recording-form' };

/** The booking of studio time by the hour: linked from the services listing and the studio-time service pages. */
export const bookStudioLink: NavLink = { label: 'Book studio time', href: '/book' };

/**
 * Footer links; `smooth` ones scroll smoothly to the top of the page they open. Legal Guidelines
 * links the canonical /legal (the spec's /Legal is an alias copy with no client-side payload, so a
 * prefetch of it 404s and following it reloads the page); /Legal still reaches the page.
 */
export const footerNav: ReadonlyArray<NavLink & { readonly smooth?: boolean }> = [
  { label: 'About Us', href: '/about', smooth: true },
  { label: 'Services', href: '/services', smooth: true },
  talentShowLink,
  proAudioFormLink,
  { label: 'Legal Guidelines', href: '/legal' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Refund Policy', href: '/refund-policy' },
  { label: 'Contact Us', href: '/connect-with-us', smooth: true },
];

/** The text of the scrolling banner on every page. */
export const developmentNotice =
  'This website is under development: some pages and features are still being built. Thank you for your patience!';

/** The notice on every page while the site is in preview (SITE_LAUNCHED=no), in place of SITE_NOTICE's. */
export const previewNotice =
  'This website is not open yet: you are seeing it before its launch. Forms and payments open on launch day.';

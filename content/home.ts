/** Copy of the home page (the editable section comes from WordPress, see lib/cms). */
export const homeCopy = {
  hero: {
    eyebrow: 'Studio · Institute · Record label',
    heading: 'Make music that moves people',
    lead: 'Compose, record, mix and master in a working studio, learn production from the people who do it every day, and release your music with a label that backs new artists.',
    primary: { label: 'Explore our services', href: '/services' },
    secondary: { label: 'Visit the institute', href: '/institute' },
    image: { src: '/media/home/hero.webp', width: 1280, height: 720 },
  },
  masterclass: {
    eyebrow: 'Online masterclass',
    heading: 'Start producing in one evening',
    text: 'A live 2-hour online masterclass on how a track goes from idea to finished mix: arrangement, sound selection, a first mix and the mistakes to avoid. Bring your questions.',
    priceNote: 'plus GST',
    button: { label: 'Join us', href: '/masterclass' },
  },
  artists: {
    eyebrow: 'Record label',
    heading: 'Latest Signed Artists',
    lead: 'New voices we record, release and promote.',
    button: { label: 'More Information', href: '/about' },
  },
  rating: {
    heading: 'Loved by the artists we work with',
    text: 'Rated by more than 50 reviewers on Google Maps.',
    linkLabel: 'Read the reviews on Google Maps',
  },
  apply: {
    heading: 'Have a song, a film or a campaign in mind?',
    text: 'Tell us what you are working on and we will come back with a plan, a timeline and a quote.',
    button: { label: 'Apply', href: '/request-form' },
  },
  connect: {
    heading: "Let's Connect",
    text: 'Questions about a session, a course or a release? Write to us, message us on WhatsApp, or follow what we are making.',
    link: { label: 'All the ways to reach us', href: '/connect-with-us' },
  },
} as const;

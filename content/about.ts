/** Copy of the About page (timeline and gallery are in their own records). */
export const aboutCopy = {
  welcome: {
    eyebrow: 'About us',
    heading: 'Welcome to {studio}',
    lead: 'A music production studio, an institute and a record label, built by musicians for the artists who come next.',
  },
  description: {
    heading: 'A studio where music gets made and taught',
    paragraphs: [
      'We compose, record, edit, mix and master music for independent artists, bands, brands and film makers, and we shoot the videos that go with it.',
      'The same rooms are our classrooms: students of the institute learn on real sessions, next to the producers and engineers who run them. And when an artist is ready, our record label and artist management team help them release, perform and grow.',
    ],
    image: {
      src: '/media/about/studio.webp',
      width: 800,
      height: 600,
      alt: 'The studio’s mixing console under warm light',
    },
  },
  story: { heading: 'Our Story', lead: 'From one room in August 2022 to a studio, an institute and a label.' },
  gallery: { heading: 'Gallery', lead: 'Sessions, classes and nights we remember.' },
  location: {
    heading: 'Location',
    lead: 'Come and see the studio. Write or message us before you visit, so someone is there to show you around.',
  },
} as const;

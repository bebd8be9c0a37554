/** What students and clients say (spec §2.11): text and image path; shown one at a time. */
export interface Testimonial {
  text: string;
  /** Who said it, as they agreed to be named. */
  name: string;
  image: string;
}

export const testimonialsBackground = { src: '/media/home/party.webp', width: 1280, height: 640 } as const;

export const testimonials: readonly Testimonial[] = [
  {
    text: 'I walked in with a voice memo and walked out with a finished song. They explained every step of the mix, so I learnt as much as I recorded.',
    name: 'Singer-songwriter, recording client',
    image: '/media/testimonials/person-1.webp',
  },
  {
    text: 'The certification course was practical from day one: real sessions, real feedback, and a project I could put in my portfolio at the end.',
    name: 'Student, music production certification',
    image: '/media/testimonials/person-2.webp',
  },
  {
    text: 'They mastered our EP for streaming and it finally sounded as loud and clear as the records we love, without losing the dynamics.',
    name: 'Band, mixing and mastering client',
    image: '/media/testimonials/person-3.webp',
  },
];

/** Copy of the institute landing (/institute). */
export const instituteCopy = {
  hero: {
    heading: 'Learn music production where music is made',
    lead: 'Certification and diploma courses taught in a working studio, online and offline.',
    video: '/media/institute/hero.mp4',
    poster: { src: '/media/institute/hero-poster.webp', width: 1280, height: 720 },
  },
  story: {
    eyebrow: 'Story About Us',
    heading: 'The Things You Should Know',
    intro:
      'Our institute grew out of the studio: every class happens next to real sessions, every mentor is a working producer or engineer, and every course ends with music you made yourself. Here is a look at the rooms, the classes and the nights that make it what it is.',
  },
  projects: {
    heading: 'Projects from our studio',
    lead: 'Point at a project, or tap it, to play a preview.',
  },
} as const;

/**
 * The two project features. `youtubeId` is THE STUDIO'S TO SET: the id of each project's video on
 * YouTube (the part after v= in its address). While it is null, the preview plays the studio's
 * own short clip (`previewClip`) instead of the embedded player.
 */
export interface ProjectFeature {
  title: string;
  description: string;
  image: { src: string; width: number; height: number; alt: string };
  youtubeId: string | null;
  previewClip: string;
}

export const projectFeatures: readonly ProjectFeature[] = [
  {
    title: 'BETI NA HOTI',
    description:
      'A song about daughters, recorded, mixed and mastered at the studio, with a music video shot and edited by our team.',
    image: {
      src: '/media/institute/beti-na-hoti.webp',
      width: 800,
      height: 450,
      alt: 'Still from the BETI NA HOTI music video',
    },
    youtubeId: null,
    previewClip: '/media/institute/hero.mp4',
  },
  {
    title: 'Cities on fires',
    description:
      'A high-energy track produced with our students: from the first beat in class to the final master and video.',
    image: {
      src: '/media/institute/cities-on-fires.webp',
      width: 800,
      height: 450,
      alt: 'Still from the Cities on fires music video',
    },
    youtubeId: null,
    previewClip: '/media/institute/hero.mp4',
  },
];

import { getCollection } from '@/lib/cms';

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
 * The project features. Editors manage them in WordPress (Projects: title, description, a still as
 * the featured image, and the YouTube video id, the part after v= in its address); the build reads
 * the snapshot (content/cms/projects.json). While a project has no video id, the preview plays the
 * studio's own short clip (`previewClip`) instead of the embedded player.
 */
export interface ProjectFeature {
  title: string;
  description: string;
  image: { src: string; width: number; height: number; alt: string };
  youtubeId: string | null;
  previewClip: string;
}

/** The projects, read from the snapshot when a page is built (not when this module is imported). */
export const projectFeatures = (): readonly ProjectFeature[] =>
  getCollection('projects').map(({ title, description, image, youtubeId }) => ({
    title,
    description,
    image: { src: image.src, width: image.width, height: image.height, alt: image.alt },
    youtubeId,
    previewClip: '/media/institute/hero.mp4',
  }));

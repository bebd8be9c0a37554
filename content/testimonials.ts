/**
 * What students and clients say (spec §2.11): text and photo; shown one at a time. Editors manage
 * them in WordPress (Testimonials); the build reads the snapshot (content/cms/testimonials.json).
 */
import { getCollection } from '@/lib/cms';

export interface Testimonial {
  text: string;
  /** Who said it, as they agreed to be named. */
  name: string;
  image: string;
}

export const testimonialsBackground = { src: '/media/home/party.webp', width: 1280, height: 640 } as const;

/** The testimonials, read from the snapshot when a page is built (not when this module is imported). */
export const testimonials = (): readonly Testimonial[] =>
  getCollection('testimonials').map(({ text, name, image }) => ({
    text,
    name,
    image: image.src,
  }));

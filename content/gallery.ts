/**
 * The About page gallery (spec §3: img, title); thumbnails are 300 px wide. Editors manage the
 * photos in WordPress (Gallery: a caption and the photo as the featured image); the build reads the
 * snapshot (content/cms/gallery.json).
 */
import { getCollection } from '@/lib/cms';

export interface GalleryItem {
  img: string;
  title: string;
  width: number;
  height: number;
}

/** The photos, read from the snapshot when a page is built (not when this module is imported). */
export const gallery = (): readonly GalleryItem[] =>
  getCollection('gallery').map(({ title, image }) => ({
    img: image.src,
    title,
    width: image.width,
    height: image.height,
  }));

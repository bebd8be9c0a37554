/**
 * The latest signed artists on the home page. Editors manage them in WordPress (Artists: name,
 * role, bio and a portrait as the featured image); the build reads the snapshot
 * (content/cms/artists.json).
 */
import { getCollection } from '@/lib/cms';

export interface ArtistProfile {
  name: string;
  role: string;
  bio: string;
  image: { src: string; width: number; height: number };
}

/** The artists, read from the snapshot when a page is built (not when this module is imported). */
export const latestArtists = (): readonly ArtistProfile[] =>
  getCollection('artists').map(({ name, role, bio, image }) => ({
    name,
    role,
    bio,
    image: { src: image.src, width: image.width, height: image.height },
  }));

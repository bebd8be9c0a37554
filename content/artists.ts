/**
 * The latest signed artists on the home page. The names, genres and photos are the studio's to
 * set: replace them here and drop portraits at the same paths in public/media/artists/.
 */
export interface ArtistProfile {
  name: string;
  role: string;
  bio: string;
  image: { src: string; width: number; height: number };
}

export const latestArtists: readonly ArtistProfile[] = [
  {
    name: 'Aarohi',
    role: 'Singer-songwriter · Hindi indie pop',
    bio: 'Bilingual songs about city life, written on an acoustic guitar and produced in our studio.',
    image: { src: '/media/artists/artist-1.webp', width: 480, height: 600 },
  },
  {
    name: 'The Monsoon Lines',
    role: 'Band · Alternative rock',
    bio: 'A four-piece recorded live in our room, with big drums, layered guitars and honest lyrics.',
    image: { src: '/media/artists/artist-2.webp', width: 480, height: 600 },
  },
  {
    name: 'Kabir Saxena',
    role: 'Producer · Electronic and lo-fi',
    bio: 'Slow-burn beats built from field recordings of Indian markets, trains and temples.',
    image: { src: '/media/artists/artist-3.webp', width: 480, height: 600 },
  },
];

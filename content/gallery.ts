/** The About page gallery (spec §3: img, title); thumbnails are 300 px wide. Replace the files to use real photos. */
export interface GalleryItem {
  img: string;
  title: string;
  width: number;
  height: number;
}

export const gallery: readonly GalleryItem[] = [
  { img: '/media/gallery/gallery-01.webp', title: 'A mix in progress on the console', width: 300, height: 400 },
  { img: '/media/gallery/gallery-02.webp', title: 'Waveforms of a vocal take', width: 300, height: 300 },
  { img: '/media/gallery/gallery-03.webp', title: 'A crowd at a studio showcase', width: 300, height: 360 },
  { img: '/media/gallery/gallery-04.webp', title: 'An artist portrait session', width: 300, height: 420 },
  { img: '/media/gallery/gallery-05.webp', title: 'Stage lights over the live room', width: 300, height: 280 },
  { img: '/media/gallery/gallery-06.webp', title: 'Faders during a mastering session', width: 300, height: 380 },
  { img: '/media/gallery/gallery-07.webp', title: 'A synth line taking shape', width: 300, height: 320 },
  { img: '/media/gallery/gallery-08.webp', title: 'Students at a release party', width: 300, height: 440 },
  { img: '/media/gallery/gallery-09.webp', title: 'A singer in the vocal booth', width: 300, height: 300 },
];

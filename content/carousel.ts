/** The institute's story carousel (spec §3: image, video flag, title; 13 slides). */
export interface CarouselSlide {
  image: string;
  /** True when the slide plays the institute's short clip (muted, looping) while it is in the centre. */
  video: boolean;
  title: string;
  alt: string;
}

const slide = (n: number, title: string, alt: string, video = false): CarouselSlide => ({
  image: `/media/carousel/slide-${String(n).padStart(2, '0')}.webp`,
  video,
  title,
  alt,
});

/** Size of every slide image, in pixels (the centre slide is shown 645 px wide). */
export const CAROUSEL_IMAGE_SIZE = { width: 645, height: 430 } as const;
export const CAROUSEL_VIDEO = '/media/institute/hero.mp4';

export const carouselSlides: readonly CarouselSlide[] = [
  slide(1, 'Live room sessions', 'Band tracking live in the recording room under stage lights'),
  slide(2, 'The mixing desk', 'Faders and meters of the mixing console'),
  slide(3, 'Hands-on classes', 'Students and a mentor in a production class', true),
  slide(4, 'Showcase nights', 'Audience in front of the stage at a student showcase'),
  slide(5, 'Vocal booth', 'A singer at the microphone in the vocal booth'),
  slide(6, 'Beat-making labs', 'Waveforms on screen during a beat-making lab'),
  slide(7, 'Sound design studio', 'Sound design session with synthesizers'),
  slide(8, 'Open mic', 'Performers and audience at an open mic evening'),
  slide(9, 'One-to-one mentoring', 'A mentor reviewing a student mix'),
  slide(10, 'Mastering sessions', 'Mastering chain and meters on the studio screen'),
  slide(11, 'Songwriting camps', 'Songwriters working on lyrics and chords together'),
  slide(12, 'Release parties', 'Crowd celebrating a release at the studio'),
  slide(13, 'Graduation day', 'Students with their certificates on graduation day'),
];

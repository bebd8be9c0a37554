/**
 * The app's own shape of the WordPress content (page 22): what the home page renders. Components
 * import these types only, never the raw REST types.
 */

/** An image copied into the export: a site path with its intrinsic size. */
export interface CmsImage {
  /** WordPress media id. */
  id: number;
  /** Site path, e.g. /media/cms/41-studio.webp. */
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** An image as WordPress describes it, before it is downloaded. */
export interface RemoteImage {
  id: number;
  sourceUrl: string;
  alt: string;
}

export interface InsightCard {
  number: string;
  title: string;
  text: string;
}

/** The editable section of the home page, generic over how images are referenced. */
export interface HomeCmsContent<Image = CmsImage> {
  pro: {
    heading: string;
    /** Paragraphs of plain text. */
    description: string[];
    image: Image | null;
    /** A CSS hex colour, or null for the default. */
    backgroundColor: string | null;
    button: { text: string; url: string } | null;
  };
  moments: { heading: string; description: string[]; images: Image[] };
  insights: { heading: string; subtitle: string; cards: InsightCard[] };
}

/** The snapshot file: the reshaped content and where it came from. */
export interface CmsSnapshot {
  pageId: number;
  /** The WordPress site the content was pulled from. */
  source: string;
  /** ISO time of the pull. */
  fetchedAt: string;
  content: HomeCmsContent;
}

/** A news item of the institute's "Right Now at" panel. */
interface NewsEntry {
  id: number;
  /** ISO date (YYYY-MM-DD): the day the news is about; lib/news.ts says how long it shows. */
  date: string;
  title: string;
  text: string;
  /** A site path or an http(s) address, or null. */
  link: string | null;
}

interface TestimonialEntry {
  id: number;
  text: string;
  name: string;
  image: CmsImage;
}

interface ArtistEntry {
  id: number;
  name: string;
  role: string;
  bio: string;
  image: CmsImage;
}

interface GalleryEntry {
  id: number;
  title: string;
  image: CmsImage;
}

interface TimelineItem {
  id: number;
  /** As shown, e.g. Aug 2022. */
  date: string;
  text: string;
}

interface ProjectEntry {
  id: number;
  title: string;
  description: string;
  /** The YouTube video id, or null while there is none. */
  youtubeId: string | null;
  image: CmsImage;
}

/** Each collection's items, in the order editors gave them. */
export interface CmsCollections {
  news: NewsEntry[];
  testimonials: TestimonialEntry[];
  artists: ArtistEntry[];
  gallery: GalleryEntry[];
  timeline: TimelineItem[];
  projects: ProjectEntry[];
}

export type CollectionName = keyof CmsCollections;

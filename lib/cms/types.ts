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

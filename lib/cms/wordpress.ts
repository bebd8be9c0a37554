/**
 * The WordPress REST shapes the build reads, checked where they come in, and the pure functions
 * that reshape them into the app's types. Nothing here touches the network.
 */
import { decodeEntities, htmlToParagraphs, htmlToText } from './entities';
import type { HomeCmsContent, InsightCard, RemoteImage } from './types';
import { isRecord } from '@/lib/guards';

/** The id of the WordPress page that feeds the home page (spec §9). */
export const CMS_PAGE_ID = 22;

/** The fields of GET /wp-json/wp/v2/pages/{id} that the build reads. */
export interface WpPage {
  id: number;
  title: string;
  /**
   * The home fields: the Studio site plugin's registered meta ("meta"), or an ACF record ("acf")
   * on a site that keeps them in ACF; empty when neither is there.
   */
  acf: Record<string, unknown>;
  protected: boolean;
}

/** The fields of GET /wp-json/wp/v2/media/{id} that the build reads. */
export interface WpMedia {
  id: number;
  sourceUrl: string;
  alt: string;
}

/** The image fields of page 22, in the order they appear on the home page. */
const MOMENT_IMAGE_FIELDS = ['moment_image_1', 'moment_image_2', 'moment_image_3'] as const;
const INSIGHT_CARD_NUMBERS = [1, 2] as const;

/** Thrown when a response is JSON but not the shape WordPress documents. */
export class ShapeError extends Error {
  override name = 'ShapeError';
}

function rendered(value: unknown): string {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value.rendered === 'string') return value.rendered;
  return '';
}

/** A field the Studio site plugin registers on pages: present in "meta" when the plugin is active. */
const HOME_FIELD_MARK = 'pro_Heading';

/** Checks a page response and keeps the fields the build reads. */
export function parsePage(json: unknown): WpPage {
  if (!isRecord(json) || typeof json.id !== 'number') {
    throw new ShapeError('the response is not a WordPress page (no numeric "id")');
  }
  const acf = json.acf;
  if (acf !== undefined && acf !== null && !Array.isArray(acf) && !isRecord(acf)) {
    throw new ShapeError('the page\'s "acf" is neither an object nor an empty list');
  }
  const content = json.content;
  const meta = isRecord(json.meta) && HOME_FIELD_MARK in json.meta ? json.meta : {};
  return {
    id: json.id,
    title: htmlToText(rendered(json.title)),
    acf: isRecord(acf) && Object.keys(acf).length > 0 ? acf : meta,
    protected: isRecord(content) && content.protected === true,
  };
}

/** Checks a media response and keeps its address and alternative text (which may be missing). */
export function parseMedia(json: unknown): WpMedia {
  if (!isRecord(json) || typeof json.id !== 'number') {
    throw new ShapeError('the response is not a WordPress media item (no numeric "id")');
  }
  if (typeof json.source_url !== 'string' || json.source_url.trim() === '') {
    throw new ShapeError(`media ${json.id} has no "source_url"`);
  }
  let sourceUrl: string;
  try {
    // Normalises non-ASCII characters to percent-encoding; http and https are both accepted.
    const url = new URL(json.source_url.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    sourceUrl = url.href;
  } catch {
    throw new ShapeError(`media ${json.id} has an invalid "source_url"`);
  }
  return {
    id: json.id,
    sourceUrl,
    alt: typeof json.alt_text === 'string' ? decodeEntities(json.alt_text).trim() : '',
  };
}

/** The fields without which the home page's sections would be silently empty. */
const REQUIRED_FIELDS = ['pro_Heading', 'Pro_Description', 'moment_heading', 'insight_heading'] as const;

/**
 * Why page 22 cannot feed the home page, in one line, or null when it can: no ACF record at all
 * (ACF switched off, or its field group not shown in REST) or required fields left empty.
 */
export function missingHomeFields(page: WpPage): string | null {
  if (Object.keys(page.acf).length === 0) {
    return 'page 22 has no home fields (neither "meta" nor "acf" has them: is the Studio site plugin active?)';
  }
  const empty = REQUIRED_FIELDS.filter((name) => textField(page.acf, name) === '');
  return empty.length > 0 ? `page 22 is missing required fields: ${empty.join(', ')}` : null;
}

/**
 * The media id of an ACF image field: a number (the default REST format), a numeric string, or an
 * image object with an id; an empty field (null, "", false, 0) gives null.
 */
export function mediaIdOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return mediaIdOf(Number(value.trim()));
  if (isRecord(value)) return mediaIdOf(value.id ?? value.ID);
  return null;
}

/** Every media id the page refers to, without duplicates. */
export function mediaIdsOf(page: WpPage): number[] {
  const ids = [page.acf.pro_image, ...MOMENT_IMAGE_FIELDS.map((f) => page.acf[f])].map(mediaIdOf);
  return [...new Set(ids.filter((id): id is number => id !== null))];
}

function textField(acf: Record<string, unknown>, name: string): string {
  const value = acf[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? htmlToText(value) : '';
}

function paragraphsField(acf: Record<string, unknown>, name: string): string[] {
  const value = acf[name];
  return typeof value === 'string' ? htmlToParagraphs(value) : [];
}

/** A CSS colour editors may set: #rgb or #rrggbb only, so nothing else reaches a style attribute. */
export function safeColor(value: string): string | null {
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim()) ? value.trim() : null;
}

/** A button address editors may set: a site path or an http(s) URL. */
export function safeHref(value: string): string | null {
  const v = value.trim();
  if (/^\/(?!\/)/.test(v)) return v;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Page 22's ACF record in the app's shape, with each image field resolved through `media` (the
 * media that could be fetched; a missing one is left out). ACF names are WordPress's, as the spec
 * gives them; the moment image and insight card fields are named moment_image_N and
 * insight_card_N_number/_title/_text.
 */
export function toHomeContent(page: WpPage, media: ReadonlyMap<number, WpMedia>): HomeCmsContent<RemoteImage> {
  const acf = page.acf;
  const image = (value: unknown): RemoteImage | null => {
    const id = mediaIdOf(value);
    const item = id === null ? undefined : media.get(id);
    return item ? { id: item.id, sourceUrl: item.sourceUrl, alt: item.alt } : null;
  };
  const buttonText = textField(acf, 'pro_button_text');
  const buttonUrl = safeHref(typeof acf.pro_button_url === 'string' ? acf.pro_button_url : '');
  const cards: InsightCard[] = INSIGHT_CARD_NUMBERS.map((n) => ({
    number: textField(acf, `insight_card_${n}_number`),
    title: textField(acf, `insight_card_${n}_title`),
    text: textField(acf, `insight_card_${n}_text`),
  })).filter((card) => card.title !== '' || card.text !== '');
  return {
    pro: {
      heading: textField(acf, 'pro_Heading'),
      description: paragraphsField(acf, 'Pro_Description'),
      image: image(acf.pro_image),
      backgroundColor: safeColor(typeof acf.pro_background_color === 'string' ? acf.pro_background_color : ''),
      button: buttonText && buttonUrl ? { text: buttonText, url: buttonUrl } : null,
    },
    moments: {
      heading: textField(acf, 'moment_heading'),
      description: paragraphsField(acf, 'moment_description'),
      images: MOMENT_IMAGE_FIELDS.map((f) => image(acf[f])).filter((i): i is RemoteImage => i !== null),
    },
    insights: {
      heading: textField(acf, 'insight_heading'),
      subtitle: textField(acf, 'insight_subtitle'),
      cards,
    },
  };
}

/**
 * The collections editors manage in WordPress (the Studio site plugin, wordpress/studio-site/):
 * each declared once here with the REST fields it reads, how a field is checked, and what a bad
 * item does: `fail` stops the build with one line naming the item and the field, `skip` leaves the
 * item out with a warning (where the page still reads well without it). Pure: no network.
 */
import { htmlToText } from './entities';
import { isCmsImage, isRecord, isString } from './guards';
import type { CmsCollections, CollectionName, RemoteImage } from './types';
import { safeHref, ShapeError, type WpMedia } from './wordpress';

/**
 * How a field is read and checked: `text` must not be empty; `date` is YYYY-MM-DD; `link` is an
 * optional site path or http(s) address; `youtube` an optional video id; `image` the featured image.
 */
type FieldKind = 'text' | 'date' | 'link' | 'youtube' | 'image';

interface FieldSpec {
  /** The key in the app's item. */
  key: string;
  /** Where WordPress has it: `title`, `featured_media`, or the name of a registered meta field. */
  from: string;
  kind: FieldKind;
  /** A text's most characters (as text, after its HTML): a longer one is a bad field, never published whole. */
  max?: number;
}

export interface CollectionSpec {
  name: CollectionName;
  /** The post type's REST base (/wp/v2/<rest>). */
  rest: string;
  /** One item, as messages name it. */
  noun: string;
  onBad: 'fail' | 'skip';
  fields: readonly FieldSpec[];
}

/**
 * The limits of the texts editors type, in characters: what each section's design holds (a title
 * or name on one or two lines of a card, a text of a few short paragraphs).
 */
const limits = { title: 150, name: 80, text: 1500 } as const;

const title = (key: string, max: number = limits.title): FieldSpec => ({ key, from: 'title', kind: 'text', max });
const meta = (key: string, from: string, kind: FieldKind = 'text', max: number = limits.text): FieldSpec => ({
  key,
  from,
  kind,
  ...(kind === 'text' ? { max } : {}),
});
const photo: FieldSpec = { key: 'image', from: 'featured_media', kind: 'image' };

/** Every collection, in the order the build pulls them. */
export const COLLECTIONS: readonly CollectionSpec[] = [
  {
    name: 'news',
    rest: 'news',
    noun: 'news item',
    onBad: 'skip',
    fields: [
      meta('date', 'news_date', 'date'),
      title('title'),
      meta('text', 'news_text'),
      meta('link', 'news_link', 'link'),
    ],
  },
  {
    name: 'testimonials',
    rest: 'testimonials',
    noun: 'testimonial',
    onBad: 'skip',
    fields: [meta('text', 'testimonial_text'), meta('name', 'testimonial_name', 'text', limits.name), photo],
  },
  {
    name: 'artists',
    rest: 'artists',
    noun: 'artist',
    onBad: 'skip',
    fields: [
      title('name', limits.name),
      meta('role', 'artist_role', 'text', limits.name),
      meta('bio', 'artist_bio'),
      photo,
    ],
  },
  { name: 'gallery', rest: 'gallery', noun: 'gallery photo', onBad: 'skip', fields: [title('title'), photo] },
  {
    name: 'timeline',
    rest: 'timeline',
    noun: 'timeline entry',
    onBad: 'fail',
    fields: [title('date'), meta('text', 'timeline_text')],
  },
  {
    name: 'projects',
    rest: 'projects',
    noun: 'project feature',
    onBad: 'fail',
    fields: [
      title('title'),
      meta('description', 'project_description'),
      meta('youtubeId', 'project_youtube_id', 'youtube'),
      photo,
    ],
  },
];

/** The `_fields` a collection's list request asks for. */
export function restFieldsOf(spec: CollectionSpec): string {
  const metas = spec.fields
    .filter((f) => f.from !== 'title' && f.from !== 'featured_media')
    .map((f) => `meta.${f.from}`);
  return ['id', 'title', 'menu_order', 'featured_media', ...metas].join(',');
}

/** One item of a list answer, as the build reads it. */
export interface WpItem {
  id: number;
  title: string;
  menuOrder: number;
  featuredMedia: number;
  meta: Record<string, unknown>;
}

/** Checks a list answer: an array of posts with numeric ids. */
export function parseItems(json: unknown): WpItem[] {
  if (!Array.isArray(json)) throw new ShapeError('the response is not a list of WordPress posts');
  return json.map((item, i) => {
    if (!isRecord(item) || typeof item.id !== 'number') throw new ShapeError(`item ${i + 1} has no numeric "id"`);
    const rawTitle = isRecord(item.title) ? item.title.rendered : item.title;
    return {
      id: item.id,
      title: typeof rawTitle === 'string' ? htmlToText(rawTitle) : '',
      menuOrder: typeof item.menu_order === 'number' ? item.menu_order : 0,
      featuredMedia: typeof item.featured_media === 'number' ? item.featured_media : 0,
      meta: isRecord(item.meta) ? item.meta : {},
    };
  });
}

/** Editors' order: "Order" (menu_order) first, then the order WordPress listed them in. */
export function editorsOrder(items: readonly WpItem[]): WpItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.menuOrder - b.item.menuOrder || a.i - b.i)
    .map(({ item }) => item);
}

/** A bad field of an item, said in one line. */
export class ItemProblem extends Error {
  override name = 'ItemProblem';
}

/** "news item 57 “Admissions open”: news_date is empty". */
function itemLabel(spec: CollectionSpec, item: Pick<WpItem, 'id' | 'title'>): string {
  const shown = item.title.length > 60 ? `${item.title.slice(0, 60)}…` : item.title;
  return `${spec.noun} ${item.id}${shown ? ` “${shown}”` : ''}`;
}

const isDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** An item with its image still remote, before the download. */
export type RemoteItem = Record<string, unknown> & { id: number; image?: RemoteImage };

/**
 * A WordPress item in the app's shape; throws an ItemProblem naming the item and the field (as
 * WordPress names it) when a field is missing or wrong.
 */
export function reshapeItem(spec: CollectionSpec, item: WpItem, media: ReadonlyMap<number, WpMedia>): RemoteItem {
  const out: RemoteItem = { id: item.id };
  for (const field of spec.fields) {
    const bad = (problem: string) => new ItemProblem(`${itemLabel(spec, item)}: ${field.from} ${problem}`);
    if (field.kind === 'image') {
      if (item.featuredMedia <= 0) throw bad('is not set (no featured image)');
      const found = media.get(item.featuredMedia);
      if (!found) throw bad(`names media ${item.featuredMedia}, which WordPress did not send (deleted or not public)`);
      out.image = { id: found.id, sourceUrl: found.sourceUrl, alt: found.alt };
      continue;
    }
    const raw = field.from === 'title' ? item.title : item.meta[field.from];
    if (raw !== undefined && typeof raw !== 'string') throw bad('is not text');
    const value = htmlToText(raw ?? '').trim();
    if (field.kind === 'text') {
      if (raw === undefined && field.from !== 'title')
        throw bad('is missing from the REST answer (is the Studio site plugin active?)');
      if (value === '') throw bad('is empty');
      if (field.max !== undefined && value.length > field.max)
        throw bad(
          `is ${value.length.toLocaleString('en-IN')} characters, over its limit of ${field.max.toLocaleString('en-IN')}: shorten it in WordPress`,
        );
      out[field.key] = value;
    } else if (field.kind === 'date') {
      if (!isDate(value)) throw bad(value === '' ? 'is empty' : `is not a date (YYYY-MM-DD): "${value.slice(0, 40)}"`);
      out[field.key] = value;
    } else if (field.kind === 'link') {
      const href = value === '' ? null : safeHref(value);
      if (value !== '' && href === null)
        throw bad(`is neither a site path nor an http(s) address: "${value.slice(0, 80)}"`);
      out[field.key] = href;
    } else {
      if (value !== '' && !/^[A-Za-z0-9_-]{11}$/.test(value))
        throw bad(`is not a YouTube video id: "${value.slice(0, 40)}"`);
      out[field.key] = value === '' ? null : value;
    }
  }
  return out;
}

/** True when a snapshot's item has every field of its collection, of the right kind. */
function isItem(spec: CollectionSpec, value: unknown): boolean {
  if (!isRecord(value) || typeof value.id !== 'number') return false;
  return spec.fields.every((field) => {
    const v = value[field.key];
    if (field.kind === 'image') return isCmsImage(v);
    if (field.kind === 'text') return isString(v) && v !== '';
    if (field.kind === 'date') return isString(v) && isDate(v);
    return v === null || isString(v);
  });
}

/** Checks a collection's snapshot file; throws naming the file and the first bad item. */
export function parseCollectionItems<N extends CollectionName>(
  spec: CollectionSpec & { name: N },
  json: unknown,
  file: string,
): CmsCollections[N] {
  if (!isRecord(json) || json.collection !== spec.name || !Array.isArray(json.items)) {
    throw new Error(`${file} is not the ${spec.name} snapshot: run npm run cms:pull to write it again`);
  }
  const bad = json.items.findIndex((item) => !isItem(spec, item));
  if (bad >= 0) throw new Error(`${file}: item ${bad + 1} is not a complete ${spec.noun}`);
  return json.items as CmsCollections[N];
}

export function specOf<N extends CollectionName>(name: N): CollectionSpec & { name: N } {
  const spec = COLLECTIONS.find((c) => c.name === name);
  if (!spec) throw new Error(`no collection ${name}`);
  return spec as CollectionSpec & { name: N };
}

/**
 * @jest-environment node
 */
/**
 * The collections' pull with a fetch that answers as WordPress does (a fake: the paging and the
 * edge cases are shaped here; tests/unit/cms/wordpress-live.test.ts runs the same pull against a
 * real WordPress): every page of a list, only the fields the site reads, editors' order, and a bad
 * item left out or stopping the pull as its collection says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadSite } from '@/lib/cms/client';
import type { FetchLike } from '@/lib/cms/transport';
import { keepingLog } from './logged-options';
import { COLLECTIONS, parseCollectionItems, specOf } from '@/lib/cms/collections';

const BASE = 'https://cms.example.com';
const fixture = (name: string) => readFileSync(path.join(__dirname, '../../fixtures/wordpress', name), 'utf8');
const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

type Item = { id: number; title: { rendered: string }; menu_order: number; featured_media: number; meta: object };
const item = (id: number, menuOrder: number, meta: object, featured = 0): Item => ({
  id,
  title: { rendered: `Item &amp; ${id}` },
  menu_order: menuOrder,
  featured_media: featured,
  meta,
});

/** Good items for every collection, one each, and their media; `lists` overrides a collection's pages. */
function wordpress(lists: Partial<Record<string, Item[][]>> = {}) {
  const calls: string[] = [];
  const pages: Record<string, Item[][]> = {
    news: [[item(1, 0, { news_date: '2026-12-01', news_text: 'Open.', news_link: '' })]],
    testimonials: [[item(2, 0, { testimonial_text: 'Great.', testimonial_name: 'A student' }, 90)]],
    artists: [[item(3, 0, { artist_role: 'Singer', artist_bio: 'Sings.' }, 90)]],
    gallery: [[item(4, 0, {}, 90)]],
    timeline: [[item(5, 0, { timeline_text: 'Founded.' })]],
    projects: [[item(6, 0, { project_description: 'A song.', project_youtube_id: 'dQw4w9WgXcQ' }, 90)]],
    ...lists,
  };
  const fetch: FetchLike = async (url) => {
    calls.push(url);
    const u = new URL(url);
    if (u.pathname === '/wp-json/wp/v2/pages/22') return json(JSON.parse(fixture('page-22.json')));
    if (u.pathname.startsWith('/wp-json/wp/v2/media/'))
      return json(JSON.parse(fixture(`media-${u.pathname.split('/').pop()}.json`)));
    if (u.pathname === '/wp-json/wp/v2/media') {
      const ids = (u.searchParams.get('include') ?? '').split(',').map(Number);
      return json(
        ids.map((id) => ({ id, source_url: `${BASE}/wp-content/uploads/${id}.jpg`, alt_text: `Photo ${id}` })),
      );
    }
    const list = pages[u.pathname.replace('/wp-json/wp/v2/', '')];
    if (!list) return new Response('<h1>Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
    const page = Number(u.searchParams.get('page'));
    return json(list[page - 1] ?? [], { 'X-WP-TotalPages': String(list.length), 'X-WP-Total': '0' });
  };
  return { fetch, calls };
}

function options(fetch: FetchLike) {
  const { opts, logged } = keepingLog({ baseUrl: BASE, fetch, timeoutMs: 1000, retries: 0 });
  return { opts, warnings: logged };
}

describe('the collections pull', () => {
  it("reads every page, asks only for the fields it needs, and keeps editors' order", async () => {
    const first = Array.from({ length: 100 }, (_, i) => item(100 + i, 100 - i, {}, 90));
    const { fetch, calls } = wordpress({ gallery: [first, [item(300, -5, {}, 90)]] });
    const { opts, warnings } = options(fetch);
    const site = await loadSite(opts);
    expect(warnings).toEqual([]);
    expect(calls).toContain(
      `${BASE}/wp-json/wp/v2/gallery?orderby=menu_order&order=asc&_fields=id,title,menu_order,featured_media&per_page=100&page=1`,
    );
    expect(calls).toContain(
      `${BASE}/wp-json/wp/v2/news?orderby=menu_order&order=asc&_fields=id,title,menu_order,featured_media,meta.news_date,meta.news_text,meta.news_link&per_page=100&page=1`,
    );
    expect(calls.filter((c) => c.includes('/gallery?'))).toHaveLength(2);
    const gallery = site.collections.gallery;
    expect(gallery).toHaveLength(101);
    expect(gallery.slice(0, 3).map((g) => g.id)).toEqual([300, 199, 198]);
    expect(gallery[0]).toEqual({
      id: 300,
      title: 'Item & 300',
      image: { id: 90, sourceUrl: `${BASE}/wp-content/uploads/90.jpg`, alt: 'Photo 90' },
    });
    // The photos of every collection in one media request.
    expect(calls.filter((c) => c.includes('/wp/v2/media?'))).toEqual([
      `${BASE}/wp-json/wp/v2/media?include=90&_fields=id,source_url,alt_text&per_page=100&page=1`,
    ]);
    expect(site.collections.news).toEqual([
      { id: 1, date: '2026-12-01', title: 'Item & 1', text: 'Open.', link: null },
    ]);
    expect(site.collections.projects[0]).toMatchObject({ youtubeId: 'dQw4w9WgXcQ', description: 'A song.' });
  });

  it('leaves out a bad news item, testimonial, artist or gallery photo with one line naming it and its field', async () => {
    const { fetch } = wordpress({
      news: [
        [
          item(11, 0, { news_date: '1 July', news_text: 'x', news_link: '' }),
          item(12, 1, { news_date: '2026-12-01', news_text: 'x', news_link: 'javascript:alert(1)' }),
          item(13, 2, { news_date: '2026-12-01', news_text: 'Kept.', news_link: '/query' }),
        ],
      ],
      gallery: [[item(14, 0, {}, 0), item(15, 1, {}, 90)]],
      testimonials: [
        [
          item(16, 0, { testimonial_text: '', testimonial_name: 'A' }, 90),
          item(17, 1, { testimonial_text: 'Yes', testimonial_name: 'B' }, 90),
        ],
      ],
    });
    const { opts, warnings } = options(fetch);
    const site = await loadSite(opts);
    expect(site.collections.news.map((n) => n.id)).toEqual([13]);
    expect(site.collections.gallery.map((n) => n.id)).toEqual([15]);
    expect(site.collections.testimonials.map((n) => n.id)).toEqual([17]);
    expect(warnings).toEqual([
      'Left out: news item 11 “Item & 11”: news_date is not a date (YYYY-MM-DD): "1 July"',
      'Left out: news item 12 “Item & 12”: news_link is neither a site path nor an http(s) address: "javascript:alert(1)"',
      'Left out: testimonial 16 “Item & 16”: testimonial_text is empty',
      'Left out: gallery photo 14 “Item & 14”: featured_media is not set (no featured image)',
    ]);
  });

  it('leaves out a text over its limit, saying its length and the limit, never publishing it whole', async () => {
    const long = {
      ...item(31, 0, { news_date: '2026-12-01', news_text: 'x', news_link: '' }),
      title: { rendered: 'A'.repeat(3000) },
    };
    const { fetch } = wordpress({
      news: [[long, item(32, 1, { news_date: '2026-12-01', news_text: 'Kept.', news_link: '' })]],
      artists: [
        [
          item(33, 0, { artist_role: 'Singer', artist_bio: 'b'.repeat(1501) }, 90),
          item(34, 1, { artist_role: 'Singer', artist_bio: 'b'.repeat(1500) }, 90),
        ],
      ],
    });
    const { opts, warnings } = options(fetch);
    const site = await loadSite(opts);
    expect(site.collections.news.map((n) => n.id)).toEqual([32]);
    expect(site.collections.artists.map((n) => n.id)).toEqual([34]);
    expect(warnings).toEqual([
      `Left out: news item 31 “${'A'.repeat(60)}…”: title is 3,000 characters, over its limit of 150: shorten it in WordPress`,
      'Left out: artist 33 “Item & 33”: artist_bio is 1,501 characters, over its limit of 1,500: shorten it in WordPress',
    ]);
  });

  it('stops at a bad timeline entry or project feature, naming it and its field', async () => {
    await expect(
      loadSite(options(wordpress({ timeline: [[item(21, 0, { timeline_text: '  ' })]] }).fetch).opts),
    ).rejects.toThrow('timeline entry 21 “Item & 21”: timeline_text is empty');
    await expect(
      loadSite(
        options(
          wordpress({ projects: [[item(22, 0, { project_description: 'x', project_youtube_id: 'not an id' }, 90)]] })
            .fetch,
        ).opts,
      ),
    ).rejects.toThrow('project feature 22 “Item & 22”: project_youtube_id is not a YouTube video id: "not an id"');
    await expect(loadSite(options(wordpress({ timeline: [[item(23, 0, {})]] }).fetch).opts)).rejects.toThrow(
      'timeline entry 23 “Item & 23”: timeline_text is missing from the REST answer (is the Studio site plugin active?)',
    );
  });
});

describe('the committed snapshots', () => {
  it.each(COLLECTIONS.map((c) => c.name))('%s is complete, with an image of known size for each photo', (name) => {
    const file = `content/cms/${name}.json`;
    const items = parseCollectionItems(specOf(name), JSON.parse(readFileSync(file, 'utf8')), file);
    expect(items.length).toBeGreaterThan(0);
  });

  it('refuses a snapshot with an incomplete item, naming the file and the item', () => {
    const broken = { collection: 'artists', items: [{ id: 1, name: 'A', role: 'B', bio: '' }] };
    expect(() => parseCollectionItems(specOf('artists'), broken, 'x.json')).toThrow(
      'x.json: item 1 is not a complete artist',
    );
  });
});

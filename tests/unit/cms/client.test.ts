/**
 * @jest-environment node
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadHomeContent } from '@/lib/cms/client';
import { CmsRequestError, type CmsClientOptions, type FetchLike } from '@/lib/cms/transport';
import { keepingLog } from './logged-options';
import { pullSnapshot } from '@/lib/cms/sync';

const BASE = 'https://cms.example.com';
const PAGE = `${BASE}/wp-json/wp/v2/pages/22`;
const media = (id: number) => `${BASE}/wp-json/wp/v2/media/${id}`;
const fixture = (name: string) => readFileSync(path.join(__dirname, '../../fixtures/wordpress', name), 'utf8');

const json = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'application/json; charset=UTF-8', ...headers } });
const html = (body: string, status: number) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=UTF-8' } });

/** A PNG header of the given size: enough for the size reader. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

type Handler = () => Response | Promise<Response>;

/** A fetch that answers from a table of URLs (each entry a list of answers, the last one repeating) and records calls. */
function fakeFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: string[] = [];
  const counts = new Map<string, number>();
  const fn: FetchLike = async (url) => {
    calls.push(url);
    const entry = routes[url];
    // An address the fake site does not know: its HTML not-found page.
    if (!entry) return html('<h1>Not Found</h1>', 404);
    const list = Array.isArray(entry) ? entry : [entry];
    const n = counts.get(url) ?? 0;
    counts.set(url, n + 1);
    const handler = list[Math.min(n, list.length - 1)];
    if (!handler) throw new Error('no handler');
    return handler();
  };
  return { fn, calls };
}

function options(fetch: FetchLike, extra: Partial<CmsClientOptions> = {}) {
  const sleeps: number[] = [];
  const { opts, logged } = keepingLog({
    baseUrl: BASE,
    fetch,
    timeoutMs: 1000,
    retries: 2,
    backoffMs: 1,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { opts, errors: logged, sleeps };
}

const allMedia = {
  [media(41)]: () => json(fixture('media-41.json')),
  [media(52)]: () => json(fixture('media-52.json')),
  [media(53)]: () => json(fixture('media-53.json')),
  [media(54)]: () => json(fixture('media-54.json')),
};

describe('the WordPress client (page 22 and its media)', () => {
  it('reshapes page 22 and fetches every image field’s media', async () => {
    const { fn, calls } = fakeFetch({ [PAGE]: () => json(fixture('page-22.json')), ...allMedia });
    const { opts, errors } = options(fn);
    const content = await loadHomeContent(opts);

    expect(calls[0]).toBe(PAGE);
    expect(calls.slice(1).sort()).toEqual([media(41), media(52), media(53), media(54)]);
    expect(errors).toEqual([]);
    expect(content.pro).toEqual({
      heading: 'Go pro with your sound',
      description: ['Bring us a demo.', 'Leave with a master.'],
      image: {
        id: 41,
        sourceUrl: 'http://cms.example.com/wp-content/uploads/2025/06/studio.png',
        alt: 'The mixing console',
      },
      backgroundColor: '#1b1530',
      button: { text: 'Book a session', url: '/request-form' },
    });
    expect(content.moments.images.map((i) => i.id)).toEqual([52, 53, 54]);
    // A missing alt_text gives an empty alt; non-ASCII in source_url is percent-encoded.
    expect(content.moments.images[1]).toEqual({
      id: 53,
      alt: '',
      sourceUrl: 'https://cms.example.com/wp-content/uploads/2025/06/k%C4%81rya%C5%9B%C4%81l%C4%81%20workshop.png',
    });
    expect(content.moments.images[2]?.alt).toBe('The crowd & the stage');
    expect(content.insights.cards).toEqual([
      { number: '1', title: 'One team, start to finish', text: 'Everything in one place.' },
      { number: '02', title: 'Learn while you create', text: 'Engineers who teach.' },
    ]);
  });

  it('decodes HTML entities and drops tags in text fields', async () => {
    const { fn, calls } = fakeFetch({ [PAGE]: () => json(fixture('page-22-entities.json')) });
    const content = await loadHomeContent(options(fn).opts);
    expect(content.pro.heading).toBe('Rock & Roll – it’s “live”');
    expect(content.pro.description).toEqual(['Tom & Jerry’s mix…']);
    expect(content.moments.heading).toBe('Café nights');
    // Decoded text stays text: React escapes it when rendering.
    expect(content.insights.heading).toBe('<b>not a tag</b>');
    expect(calls).toEqual([PAGE]);
  });

  it('fails on acf: [] (no field group shown in REST) with one line naming what is missing, fetching no media', async () => {
    const { fn, calls } = fakeFetch({ [PAGE]: () => json(fixture('page-22-acf-empty.json')) });
    await expect(loadHomeContent(options(fn).opts)).rejects.toThrow(
      `${PAGE}: page 22 has no home fields (neither "meta" nor "acf" has them: is the Studio site plugin active?)`,
    );
    expect(calls).toEqual([PAGE]);
  });

  it('treats empty image fields (null, "", false) as no image and fetches only the set ones', async () => {
    const { fn, calls } = fakeFetch({ [PAGE]: () => json(fixture('page-22-empty-images.json')), ...allMedia });
    const content = await loadHomeContent(options(fn).opts);
    expect(calls).toEqual([PAGE, media(54)]);
    expect(content.pro.image).toBeNull();
    expect(content.moments.images.map((i) => i.id)).toEqual([54]);
  });

  it('leaves out an image whose media answers 404, logging "Error fetching images:", and keeps the others', async () => {
    const { fn } = fakeFetch({
      [PAGE]: () => json(fixture('page-22.json')),
      ...allMedia,
      [media(53)]: () => json(fixture('error-404.json'), 404),
    });
    const { opts, errors } = options(fn);
    const content = await loadHomeContent(opts);
    expect(content.moments.images.map((i) => i.id)).toEqual([52, 54]);
    expect(content.pro.image?.id).toBe(41);
    expect(errors).toEqual([`Error fetching images: ${media(53)}: HTTP 404 rest_post_invalid_id: Invalid post ID.`]);
  });

  it('fails at once, naming the URL and the cause, when the page answers 401 (draft or private)', async () => {
    const { fn, calls } = fakeFetch({ [PAGE]: () => json(fixture('error-401.json'), 401) });
    const { opts, sleeps } = options(fn);
    await expect(loadHomeContent(opts)).rejects.toThrow(
      `${PAGE}: HTTP 401 rest_forbidden: Sorry, you are not allowed to do that.`,
    );
    expect(calls).toEqual([PAGE]);
    expect(sleeps).toEqual([]);
  });

  it('retries a 429 with back-off (honouring Retry-After) and then succeeds', async () => {
    const { fn, calls } = fakeFetch({
      [PAGE]: [
        () => json('{"code":"too_many_requests"}', 429, { 'retry-after': '2' }),
        () => json(fixture('page-22-entities.json')),
      ],
    });
    const { opts, sleeps } = options(fn);
    const content = await loadHomeContent(opts);
    expect(content.moments.heading).toBe('Café nights');
    expect(calls).toEqual([PAGE, PAGE]);
    expect(sleeps).toEqual([2000]);
  });

  it('refuses an HTML page answered with 200 without retrying, after trying ?rest_route= once', async () => {
    const { fn, calls } = fakeFetch({ [PAGE]: () => html(fixture('error-page.html'), 200) });
    await expect(loadHomeContent(options(fn).opts)).rejects.toThrow(`${PAGE}: answered an HTML page instead of JSON`);
    expect(calls).toEqual([PAGE, `${BASE}/?rest_route=/wp/v2/pages/22`]);
  });

  it('retries a 503 HTML error page, then fails with one line naming the URL and the cause', async () => {
    const { fn, calls } = fakeFetch({ [PAGE]: () => html(fixture('error-page.html'), 503) });
    const { opts, sleeps } = options(fn);
    const error = await loadHomeContent(opts).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CmsRequestError);
    expect((error as Error).message).toBe(`${PAGE}: HTTP 503 (an HTML error page)`);
    expect((error as Error).message).not.toContain('\n');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1, 2]);
  });

  it('refuses invalid JSON and JSON that is not a page', async () => {
    const bad = fakeFetch({ [PAGE]: () => json('{"id": 22,') });
    await expect(loadHomeContent(options(bad.fn).opts)).rejects.toThrow(`${PAGE}: answered invalid JSON`);
    const notPage = fakeFetch({ [PAGE]: () => json('[1, 2]') });
    await expect(loadHomeContent(options(notPage.fn).opts)).rejects.toThrow('is not a WordPress page');
  });

  it('times out a request that never answers, retries, then fails naming the time-out', async () => {
    const hanging: FetchLike = (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal.addEventListener('abort', () => reject(init.signal.reason));
      });
    const calls: string[] = [];
    const { opts } = options(
      async (url, init) => {
        calls.push(url);
        return hanging(url, init);
      },
      { timeoutMs: 20, retries: 1 },
    );
    await expect(loadHomeContent(opts)).rejects.toThrow(`${PAGE}: timed out after 20 ms`);
    expect(calls).toEqual([PAGE, PAGE]);
  });
});

describe('pulling a snapshot', () => {
  it('downloads the images with their sizes and leaves out one that fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-'));
    const { fn } = fakeFetch({
      [PAGE]: () => json(fixture('page-22.json')),
      ...allMedia,
      'http://cms.example.com/wp-content/uploads/2025/06/studio.png': () => new Response(pngHeader(1600, 900)),
      'https://cms.example.com/wp-content/uploads/2025/06/session.png': () => new Response(pngHeader(480, 600)),
      'https://cms.example.com/wp-content/uploads/2025/06/k%C4%81rya%C5%9B%C4%81l%C4%81%20workshop.png': () =>
        new Response(pngHeader(300, 200)),
      'https://cms.example.com/wp-content/uploads/2025/06/live.png': () => html('<h1>Not Found</h1>', 404),
    });
    const { opts, errors } = options(fn);
    const snapshot = await pullSnapshot(
      opts,
      { file: path.join(dir, 'page-22.json'), mediaDir: path.join(dir, 'media'), mediaUrlPrefix: '/media/cms' },
      new Date('2025-07-01T00:00:00Z'),
    );
    expect(snapshot.content.pro.image).toEqual({
      id: 41,
      src: '/media/cms/41-studio.png',
      alt: 'The mixing console',
      width: 1600,
      height: 900,
    });
    expect(snapshot.content.moments.images.map((i) => [i.src, i.width, i.height])).toEqual([
      ['/media/cms/52-session.png', 480, 600],
      ['/media/cms/53-karyasala-workshop.png', 300, 200],
    ]);
    expect(errors).toEqual([
      'Error fetching images: https://cms.example.com/wp-content/uploads/2025/06/live.png: HTTP 404 (an HTML error page)',
    ]);
    expect(readdirSync(path.join(dir, 'media')).sort()).toEqual([
      '41-studio.png',
      '52-session.png',
      '53-karyasala-workshop.png',
    ]);
    const written: unknown = JSON.parse(readFileSync(path.join(dir, 'page-22.json'), 'utf8'));
    expect(written).toEqual(JSON.parse(JSON.stringify(snapshot)));
    expect(snapshot.source).toBe(BASE);
  });
});

/**
 * @jest-environment node
 */
/**
 * The build-time client against a real WordPress 6.1 (Debian's package, on loopback), started by
 * scripts/test-wordpress.sh, which sets CMS_URL, WP_DIR and WP_APP_PASSWORD. Each test puts
 * WordPress into the state an editor would leave it in, through its own REST API (an application
 * password) or scripts/wordpress/wp.php where the REST API cannot (permalinks, the plugin switched off).
 * Skipped without that WordPress.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadHomeContent, loadSite } from '@/lib/cms/client';
import { loggedOptions } from './logged-options';
import { describeNeeding } from '../needs';
import { pullSite, pullSnapshot } from '@/lib/cms/sync';
import { readFileSync } from 'node:fs';
import { completeIdentity } from '../launch/identity';

const CMS_URL = process.env.CMS_URL ?? '';
const live = describeNeeding(
  !(process.env.WP_APP_PASSWORD && process.env.WP_DIR) && 'the WordPress of scripts/test-wordpress.sh',
);

jest.setTimeout(60_000);

/** Runs scripts/wordpress/wp.php against the test WordPress. */
function wp(...args: string[]): void {
  execFileSync('php', [path.join(__dirname, '../../../scripts/wordpress/wp.php'), ...args], { stdio: 'pipe' });
}

/** A REST call as the editor, with the application password. */
async function rest(method: string, route: string, body?: unknown): Promise<Response> {
  const auth = Buffer.from(`${process.env.WP_USER ?? 'admin'}:${process.env.WP_APP_PASSWORD}`).toString('base64');
  const response = await fetch(`${CMS_URL}/wp-json/wp/v2/${route}`, {
    method,
    headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response;
}

const options = () => loggedOptions(CMS_URL, { timeoutMs: 10_000, retries: 1 });

function target() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cms-live-'));
  return { file: path.join(dir, 'page-22.json'), mediaDir: path.join(dir, 'media'), mediaUrlPrefix: '/media/cms-live' };
}

const PAGE = `${CMS_URL}/wp-json/wp/v2/pages/22`;

live('the client against a real WordPress', () => {
  beforeEach(() => wp('reset'));

  it('pulls page 22 and its four images, uploaded as real media', async () => {
    const { opts, errors } = options();
    const t = target();
    const snapshot = await pullSnapshot(opts, t);
    expect(errors).toEqual([]);
    expect(snapshot.content.pro.heading).toBe('Go pro with your sound');
    expect(snapshot.content.pro.image).toMatchObject({ id: 41, width: 800, height: 600, alt: 'The mixing console' });
    expect(snapshot.content.moments.images.map((i) => [i.id, i.width, i.height])).toEqual([
      [52, 480, 600],
      [53, 480, 600],
      [54, 480, 600],
    ]);
    expect(readdirSync(t.mediaDir).sort()).toEqual([
      '41-pro-studio.webp',
      '52-moment-session.webp',
      '53-moment-workshop.webp',
      '54-moment-live.webp',
    ]);
  });

  it('reads an edit made through the REST API', async () => {
    await rest('POST', 'pages/22', { meta: { pro_Heading: 'Mixes that travel' } });
    expect((await loadHomeContent(options().opts)).pro.heading).toBe('Mixes that travel');
  });

  it('leaves out deleted media with a logged line', async () => {
    await rest('DELETE', 'media/53?force=true');
    const { opts, errors } = options();
    const snapshot = await pullSnapshot(opts, target());
    expect(snapshot.content.moments.images.map((i) => i.id)).toEqual([52, 54]);
    expect(errors).toEqual([
      `Error fetching images: ${CMS_URL}/wp-json/wp/v2/media/53: HTTP 404 Not Found rest_post_invalid_id: Invalid post ID.`,
    ]);
  });

  it('leaves out an image attached to a draft post (WordPress answers 401 for it)', async () => {
    const draft = (await (await rest('POST', 'posts', { title: 'Coming soon', status: 'draft' })).json()) as {
      id: number;
    };
    await rest('POST', 'media/52', { post: draft.id });
    const { opts, errors } = options();
    const snapshot = await pullSnapshot(opts, target());
    expect(snapshot.content.moments.images.map((i) => i.id)).toEqual([53, 54]);
    expect(errors).toEqual([
      `Error fetching images: ${CMS_URL}/wp-json/wp/v2/media/52: HTTP 401 Unauthorized rest_forbidden: Sorry, you are not allowed to do that.`,
    ]);
  });

  it("fails on a draft page, naming WordPress's answer", async () => {
    await rest('POST', 'pages/22', { status: 'draft' });
    await expect(loadHomeContent(options().opts)).rejects.toThrow(`${PAGE}: HTTP 401 Unauthorized rest_forbidden`);
  });

  it('fails on a password-protected page', async () => {
    await rest('POST', 'pages/22', { password: 'members only' });
    await expect(loadHomeContent(options().opts)).rejects.toThrow(
      `${PAGE}: the page is password-protected, so WordPress sends it without content`,
    );
  });

  it('fails on a trashed page', async () => {
    await rest('DELETE', 'pages/22');
    await expect(loadHomeContent(options().opts)).rejects.toThrow(`${PAGE}: HTTP 401 Unauthorized rest_forbidden`);
  });

  it('reads the API at ?rest_route= when the site has plain permalinks', async () => {
    wp('permalinks', 'plain');
    const { opts, errors } = options();
    const snapshot = await pullSnapshot(opts, target());
    expect(errors).toEqual([]);
    expect(snapshot.content.pro.heading).toBe('Go pro with your sound');
    expect(snapshot.content.moments.images).toHaveLength(3);
  });

  it('fails when the plugin is off or a required field is emptied, naming what is missing', async () => {
    wp('plugin', 'off');
    await expect(loadHomeContent(options().opts)).rejects.toThrow(`${PAGE}: page 22 has no home fields`);
    wp('plugin', 'on');
    await rest('POST', 'pages/22', { meta: { moment_heading: '', Pro_Description: '' } });
    await expect(loadHomeContent(options().opts)).rejects.toThrow(
      `${PAGE}: page 22 is missing required fields: Pro_Description, moment_heading`,
    );
  });

  it('leaves out an image whose address is on another host', async () => {
    const elsewhere = `${CMS_URL.replace('127.0.0.1', 'localhost')}/wp-content/uploads/offloaded.webp`;
    wp('media-url', '54', elsewhere);
    const { opts, errors } = options();
    const snapshot = await pullSnapshot(opts, target());
    expect(snapshot.content.moments.images.map((i) => i.id)).toEqual([52, 53]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`Error fetching images: ${elsewhere}: is on localhost:`);
  });

  it('stops the build with one line when page 22 lacks its fields, unless CMS_FALLBACK_TO_SNAPSHOT is set', () => {
    wp('plugin', 'off');
    const run = (fallback: string) =>
      spawnSync('npx', ['tsx', 'scripts/cms-sync.ts'], {
        cwd: path.join(__dirname, '../../..'),
        env: { ...process.env, CMS_URL, CMS_FALLBACK_TO_SNAPSHOT: fallback },
        encoding: 'utf8',
      });
    const stopped = run('false');
    expect(stopped.status).toBe(1);
    const lines = stopped.stderr.split('\n').filter((l) => l.startsWith('cms: '));
    expect(lines).toEqual([
      `cms: WordPress failed, build stopped: ${PAGE}: page 22 has no home fields (neither "meta" nor "acf" has them: is the Studio site plugin active?)`,
    ]);
    const fellBack = run('true');
    expect(fellBack.status).toBe(0);
    expect(fellBack.stderr).toContain(`cms: WordPress failed (${PAGE}: page 22 has no home fields`);
    expect(fellBack.stderr).toContain("building from the owner's content (studio-content/)");
  });

  it('a public build checks what it has just pulled: a future-dated news item passes, a left-out one is named, placeholders name their WordPress screen', async () => {
    // An editor dates one item next month and empties another's date.
    const nextMonth = new Date(Date.now() + 5.5 * 3_600_000 + 30 * 86_400_000).toISOString().slice(0, 10);
    await rest('POST', 'news/101', { meta: { news_date: nextMonth } });
    await rest('POST', 'news/102', { meta: { news_date: '' } });
    const prebuild = spawnSync('npm', ['run', 'build', '--', '--pull-only'], {
      cwd: path.join(__dirname, '../../..'),
      env: { ...process.env, ...completeIdentity, CMS_URL },
      encoding: 'utf8',
    });
    const output = `${prebuild.stdout}${prebuild.stderr}`;
    // The pull ran (the launch check runs after it, on its snapshot) and left the bad item out, by name.
    expect(output).toContain(
      'cms: Left out: news item 102 “Music production workshop: from beat to finished track”: news_date is empty',
    );
    expect(output).toContain('Not ready to launch: a build for https://one11studios.in');
    const listed = output.split('\n').filter((l) => l.startsWith('  - '));
    // Nothing about news dates; every placeholder of WordPress's content named by its screen.
    expect(listed.filter((l) => /news/i.test(l))).toEqual([]);
    expect(listed).toContain(
      '  - WordPress › Artists › “Aarohi” (#141): "Aarohi" (an artist on the home page) is a placeholder name; set the real one',
    );
    expect(listed).toContain(
      "  - WordPress › Pages › page 22, field pro_image: the home page's studio section photo is still the generated placeholder; put the studio's own image there",
    );
    expect(listed.some((l) => l.startsWith('  - studio-media/carousel/slide-01.jpg (or .png, .webp): '))).toBe(true);
    expect(prebuild.status).toBe(1);
  }, 180_000);

  it("pulls every collection as the committed snapshots have it, in editors' order, with its photos", async () => {
    const { opts, errors } = options();
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-site-'));
    const { counts } = await pullSite(opts, {
      dir,
      mediaDir: path.join(dir, 'media'),
      mediaUrlPrefix: '/media/cms-live',
    });
    expect(errors).toEqual([]);
    expect(counts).toEqual({ news: 3, testimonials: 3, artists: 3, gallery: 9, timeline: 8, projects: 2 });
    const read = (name: string) => JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
    const committed = (name: string) =>
      JSON.parse(readFileSync(path.join(__dirname, `../../../content/cms/${name}.json`), 'utf8'));
    for (const name of ['news', 'timeline']) expect(read(name).items).toEqual(committed(name).items);
    const gallery = read('gallery').items;
    expect(gallery.map((g: { title: string }) => g.title)).toEqual(
      committed('gallery').items.map((g: { title: string }) => g.title),
    );
    expect(gallery[0].image).toMatchObject({
      id: 261,
      width: 300,
      height: 400,
      alt: 'A mix in progress on the console',
    });
    expect(gallery[0].image.src).toMatch(/^\/media\/cms-live\/items\/261-gallery-01\.webp$/);

    // An editor moves the last timeline entry first ("Order" 0 → -1).
    await rest('POST', 'timeline/188', { menu_order: -1 });
    await pullSite(opts, { dir, mediaDir: path.join(dir, 'media'), mediaUrlPrefix: '/m' });
    expect(read('timeline').items[0].date).toBe('2025');
  });

  it('leaves out a bad news item with a warning naming it and its field; a bad timeline entry stops the pull', async () => {
    await rest('POST', 'news/102', { meta: { news_date: '' } });
    const { opts, errors } = options();
    const dir = mkdtempSync(path.join(tmpdir(), 'cms-site-'));
    const { counts } = await pullSite(opts, { dir, mediaDir: path.join(dir, 'media'), mediaUrlPrefix: '/m' });
    expect(counts.news).toBe(2);
    expect(errors).toEqual([
      'Left out: news item 102 “Music production workshop: from beat to finished track”: news_date is empty',
    ]);
    await rest('POST', 'timeline/183', { meta: { timeline_text: '' } });
    await expect(pullSite(opts, { dir, mediaDir: path.join(dir, 'media'), mediaUrlPrefix: '/m' })).rejects.toThrow(
      /^timeline entry 183 “Mar 2023”: timeline_text is empty$/,
    );
  });

  it("lets an editor (WordPress's Editor role) change an item on its edit screen, the plugin's box of fields", async () => {
    wp('editor', 'editor-password-for-tests');
    const jar = new Map<string, string>();
    const cookies = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const browse = async (url: string, form?: Record<string, string>) => {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { Cookie: cookies(), ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
      for (const c of response.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    };
    await browse(`${CMS_URL}/wp-login.php`);
    const login = await browse(`${CMS_URL}/wp-login.php`, {
      log: 'editor',
      pwd: 'editor-password-for-tests',
      testcookie: '1',
      'wp-submit': 'Log In',
    });
    expect(login.status).toBe(302);
    const screen = await (await browse(`${CMS_URL}/wp-admin/post.php?post=101&action=edit`)).text();
    expect(screen).toContain('Fields shown on the website');
    const field = (name: string) => screen.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1] ?? '';
    const form: Record<string, string> = {
      _wpnonce: field('_wpnonce'),
      studio_site_nonce: field('studio_site_nonce'),
      action: 'editpost',
      post_ID: '101',
      post_type: 'studio_news',
      original_post_status: 'publish',
      post_status: 'publish',
      post_title: 'Demo classes every Saturday',
      menu_order: '0',
      'studio_site[news_date]': '2031-03-01',
      'studio_site[news_text]': 'Sit in on a class: <strong>no</strong> sign-up needed.',
      'studio_site[news_link]': '/query',
      save: 'Update',
    };
    expect(form._wpnonce).not.toBe('');
    expect((await browse(`${CMS_URL}/wp-admin/post.php`, form)).status).toBe(302);
    const { opts } = options();
    const site = await loadSite(opts);
    expect(site.collections.news.find((n) => n.id === 101)).toEqual({
      id: 101,
      date: '2031-03-01',
      title: 'Demo classes every Saturday',
      text: 'Sit in on a class: no sign-up needed.',
      link: '/query',
    });
  });
});

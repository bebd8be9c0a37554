/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on every route of the table,
 * served from out/ by the bundled server exactly as it ships, next to a bare Next page built in a
 * temporary folder and measured in the same run. Prints the median of the runs per route and whether
 * it meets the target (content routes: performance 100, LCP ≤ 1.5 s, CLS 0, TBT ≤ 50 ms; form and
 * payment routes: performance ≥ 98). Run `npm run build` first. Offline: Chromium from CHROME_PATH,
 * else /usr/bin/chromium.
 *
 * Options: --runs N (default 3), --only /a,/b (some routes), --port P (default 3161; the bare page
 * uses P+1). Figures depend on the machine's load: the script prints the load average with them.
 *
 * Then the phone-photo case (skipped with --no-photos): four 4032×3024 photos as a phone takes them
 * (noise, camera make and GPS in their EXIF, a wrong recorded size) become page 22's pro image and
 * moments, the site is built with them (the photo step of lib/images/build.ts, next build, the
 * post-build step) into out/ while the real out/ waits aside, and the home page is measured against
 * the same targets plus a first-load budget (PHOTO_PAGE_BUDGET_KB, Lighthouse's total byte weight).
 */
import '@/lib/load-env';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phonePhoto } from '../tests/fixtures/phone-photo';
import { optimizeSiteImages } from '@/lib/images/build';
import { BUILD_DIR, BUILD_MEDIA, COMMITTED_SNAPSHOT } from '@/lib/cms/snapshot';
import { routes } from '@/lib/routes';
import { median, runBench } from './bench-common';
import { bin, serveSite, sideBySide, waitFor } from './bench-pages';

/** The most the home page with four phone photos may load before it is idle, in KB. */
const PHOTO_PAGE_BUDGET_KB = 400;

/** Routes whose page is a form or a payment step: they ship the form code and meet the lower target. */
const formRoutes = new Set<string>([
  '/payment',
  '/institute/course-payment',
  '/one11Register',
  '/register',
  '/query',
  '/request-form',
  '/institute/Music-course-form',
  '/institute/Music-certificate-form',
  '/institute/diploma-course-form',
  '/masterclass',
  '/pro-audio-recording-form',
]);

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 3);
const port = Number(arg('port') ?? 3161);
const only = arg('only')?.split(',');
const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => Boolean(p) && existsSync(p as string),
);
const root = process.cwd();

interface Sample {
  score: number;
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  /** Bytes loaded (Lighthouse's total byte weight). */
  bytes: number;
}

/** One Lighthouse run; a run whose browser crashes (it happens on a loaded machine) is tried again twice. */
async function lighthouse(url: string, attempt = 1): Promise<Sample> {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    if (attempt >= 3) throw error;
    process.stderr.write(`retrying ${url}: ${(error as Error).message.split('\n')[0]}\n`);
    return lighthouse(url, attempt + 1);
  }
}

/** Asynchronous: the bare page's server runs in this process and must keep answering meanwhile. */
async function lighthouseOnce(url: string): Promise<Sample> {
  const { stdout: json } = await promisify(execFile)(
    bin('lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      // Lighthouse needs no network beyond the local servers; it runs offline as it is.
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
  );
  const report = JSON.parse(json) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    tbt: metric('total-blocking-time'),
    bytes: metric('total-byte-weight'),
  };
}

async function measure(url: string): Promise<Sample> {
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    try {
      samples.push(await lighthouse(url));
    } catch (error) {
      // A run that failed three times is left out (the route shows NaN if none succeeded): the
      // other routes are still measured.
      process.stderr.write(`${url}: run ${i + 1} failed: ${(error as Error).message.split('\n')[0]}\n`);
    }
  }
  return {
    score: median(samples.map((s) => s.score)),
    lcp: median(samples.map((s) => s.lcp)),
    fcp: median(samples.map((s) => s.fcp)),
    cls: median(samples.map((s) => s.cls)),
    tbt: median(samples.map((s) => s.tbt)),
    bytes: median(samples.map((s) => s.bytes)),
  };
}

/**
 * Builds the site with four phone photos on the home page (page 22's pro image and its three
 * moments, recorded at a wrong 800×600) into out/, the real out/ kept aside; returns how to put
 * everything back.
 */
async function buildPhotoSite(): Promise<{ restore: () => void; photoBytes: number }> {
  const aside = path.join(root, '.bench-site-out');
  rmSync(aside, { recursive: true, force: true });
  execFileSync('mv', [path.join(root, 'out'), aside]);
  const mediaDir = path.join(root, BUILD_MEDIA.dir);
  const restore = () => {
    rmSync(path.join(root, 'out'), { recursive: true, force: true });
    execFileSync('mv', [aside, path.join(root, 'out')]);
    rmSync(path.join(root, BUILD_DIR), { recursive: true, force: true });
    rmSync(mediaDir, { recursive: true, force: true });
  };
  try {
    mkdirSync(mediaDir, { recursive: true });
    mkdirSync(path.join(root, BUILD_DIR), { recursive: true });
    let photoBytes = 0;
    const images = [];
    for (let n = 1; n <= 4; n++) {
      const bytes = await phonePhoto(4032, 3024, n);
      photoBytes += bytes.length;
      writeFileSync(path.join(mediaDir, `phone-${n}.jpg`), bytes);
      images.push({
        id: 900 + n,
        src: `${BUILD_MEDIA.urlPrefix}/phone-${n}.jpg`,
        alt: `Phone photo ${n}`,
        width: 800,
        height: 600,
      });
    }
    const snapshot = JSON.parse(readFileSync(path.join(root, COMMITTED_SNAPSHOT), 'utf8'));
    snapshot.content.pro.image = images[0];
    snapshot.content.moments.images = images.slice(1);
    writeFileSync(path.join(root, BUILD_DIR, 'page-22.json'), JSON.stringify(snapshot));
    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CMS_URL: 'http://bench.invalid' };
    process.stderr.write(`photos: ${await optimizeSiteImages()}\n`);
    execFileSync(bin('next'), ['build'], { cwd: root, stdio: 'ignore', env });
    execFileSync(bin('tsx'), ['scripts/postbuild.ts'], { cwd: root, stdio: 'ignore', env });
    return { restore, photoBytes };
  } catch (error) {
    restore();
    throw error;
  }
}

function meets(routePath: string, s: Sample): boolean {
  if (formRoutes.has(routePath)) return s.score >= 98;
  return s.score === 100 && s.lcp <= 1500 && s.cls === 0 && s.tbt <= 50;
}

async function main(): Promise<void> {
  if (!chrome) throw new Error('No Chromium found: set CHROME_PATH.');
  if (!existsSync(path.join(root, 'out', 'index.html'))) throw new Error('Run npm run build first.');

  const { site, dataDir, siteUrl: base, bareUrl, stop } = await sideBySide(port, 'bench-lighthouse');
  try {
    const rows: { path: string; kind: string; s: Sample; ok: boolean | null }[] = [];
    const bare = await measure(bareUrl);
    rows.push({ path: '(bare Next page)', kind: 'floor', s: bare, ok: null });
    for (const route of routes) {
      if (only && !only.includes(route.path)) continue;
      const s = await measure(`${base}${route.path}`);
      const row = {
        path: route.path,
        kind: formRoutes.has(route.path) ? 'form' : 'content',
        s,
        ok: meets(route.path, s),
      };
      rows.push(row);
      process.stderr.write(`${route.path} ${s.score}\n`);
    }
    if (!process.argv.includes('--no-photos')) {
      site.kill();
      const photos = await buildPhotoSite();
      try {
        // Its own data folder: the first server's may still be closing.
        const photoData = path.join(dataDir, 'photos');
        const photoSite = serveSite(port + 2, photoData, 'inherit');
        try {
          // Its build skipped the sitemap step, so no robots.txt: the home page answers instead.
          await waitFor(`http://127.0.0.1:${port + 2}/`);
          const s = await measure(`http://127.0.0.1:${port + 2}/`);
          const ok = meets('/', s) && s.bytes <= PHOTO_PAGE_BUDGET_KB * 1024;
          const mb = (photos.photoBytes / 1024 / 1024).toFixed(1);
          rows.push({ path: `/ with 4 phone photos (${mb} MB)`, kind: `≤${PHOTO_PAGE_BUDGET_KB}KB`, s, ok });
        } finally {
          photoSite.kill();
        }
      } finally {
        photos.restore();
      }
    }
    const pad = (v: string, n: number) => v.padEnd(n);
    console.log(
      `Lighthouse mobile (simulated), median of ${runs} run(s); load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} CPUs`,
    );
    console.log(
      `${pad('route', 36)}${pad('kind', 9)}${pad('perf', 6)}${pad('LCP ms', 8)}${pad('FCP ms', 8)}${pad('CLS', 7)}${pad('TBT ms', 8)}${pad('KB', 7)}target`,
    );
    for (const { path: p, kind, s, ok } of rows) {
      console.log(
        `${pad(p, 36)}${pad(kind, 9)}${pad(String(s.score), 6)}${pad(s.lcp.toFixed(0), 8)}${pad(s.fcp.toFixed(0), 8)}${pad(s.cls.toFixed(3), 7)}${pad(s.tbt.toFixed(0), 8)}${pad((s.bytes / 1024).toFixed(0), 7)}${ok === null ? '-' : ok ? 'met' : 'MISSED'}`,
      );
    }
    const missed = rows.filter((r) => r.ok === false).length;
    console.log(missed ? `${missed} route(s) missed the target.` : 'Every route met its target.');
  } finally {
    stop();
  }
}

runBench(main);

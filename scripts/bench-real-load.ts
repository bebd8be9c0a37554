/**
 * `npm run bench:real-load` (after `npm run build`; it builds nothing of the site): real page loads
 * in Debian's Chromium as a slow phone gets them — 412 px wide, 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up, the CPU slowed 4×, no cache — of every route of the table, served from out/ by the
 * bundled server (`npm run serve`), next to a bare Next 16 page exported from this node_modules and
 * served by the same static server with the same Brotli copies, measured in the same run, its loads
 * taken in turns with the routes'. Prints per route the medians of the time its HTML had arrived,
 * first contentful paint (and the middle half of the loads' first paints), largest contentful
 * paint, the time the page had hydrated (`<html data-hydrated>`, set by RouteEffects), the time its
 * forms were live (each form of the form engine marked `data-ready`; forms hydrate after the page,
 * components/forms/form-islands.tsx, and take typing and send without their script before that),
 * the load event and the bytes transferred until the network is idle, each with its ratio to the
 * bare page (FCP to its FCP; hydrated and load to its load, the bare page being interactive once
 * its scripts have run).
 *
 * Options: --runs N (default 5), --routes /a,/b (default every route), --port P (default 3171; the
 * bare page uses P+1), --trace (one more load per route with a Chromium performance trace, saved
 * with the load's requests in .bench/, and the requests that came before the first paint and before
 * hydration printed per route).
 */
import '@/lib/load-env';
import { type Browser, type CDPSession, chromium } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@/lib/routes';
import { chromiumPath, offlineArgs } from '../tests/e2e/browser';
import { arg, machineLoad, median, quantile, textArg, runBench } from './bench-common';
import { sideBySide } from './bench-pages';
import { beforeFirstPaint, describeBeforePaint, type TraceEvent } from './trace-summary';

/** The slow phone of the measurement. */
const phone = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  network: { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
  cpuSlowdown: 4,
};
/** Playwright's trace categories, and the font lookups' (the system's fonts are found through the browser process). */
const traceCategories = [
  '-*',
  'devtools.timeline',
  'v8.execute',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'blink.user_timing',
  'loading',
  'fonts',
];
/** No request for this long counts as the network being idle. */
const idleMs = 1000;

interface Request {
  url: string;
  type: string;
  /** From the start of navigation, ms. */
  start: number;
  end: number;
  bytes: number;
}

interface Load {
  /** When the HTML had arrived (the navigation's responseEnd). */
  html: number;
  fcp: number;
  lcp: number;
  hydrated: number;
  /** When every form of the page was live; NaN on a page without one. */
  formsLive: number;
  load: number;
  bytes: number;
  requests: Request[];
}

/** The page's figures, kept in the page by `observe`. */
type InPage = { bench: { fcp: number; lcp: number; hydrated: number; formsLive: number } };

/** The forms of the form engine (`data-form`) that have not hydrated yet (the engine marks each `data-ready`). */
const waitingForms = 'form[data-form]:not([data-ready])';

/** In the page from its first script: the paint times and the moments `<html data-hydrated>` and the forms' `data-ready` appear. */
function observe(waiting: string): void {
  const w = window as unknown as InPage;
  w.bench = { fcp: Number.NaN, lcp: Number.NaN, hydrated: Number.NaN, formsLive: Number.NaN };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.bench.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver((_, observer) => {
    if (Number.isNaN(w.bench.hydrated) && document.documentElement?.hasAttribute('data-hydrated')) {
      w.bench.hydrated = performance.now();
    }
    if (!Number.isNaN(w.bench.hydrated) && document.querySelector(waiting) === null) {
      if (document.querySelector('form[data-ready]')) w.bench.formsLive = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'data-ready'] });
}

/** Resolves once no request has been in flight for `idleMs` (at most 60 s after the call). */
function networkIdle(cdp: CDPSession): Promise<void> {
  const inFlight = new Set<string>();
  return new Promise((done) => {
    let timer = setTimeout(done, idleMs);
    const rearm = () => {
      clearTimeout(timer);
      if (inFlight.size === 0) timer = setTimeout(done, idleMs);
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      inFlight.add(e.requestId);
      rearm();
    });
    const finished = (e: { requestId: string }) => {
      inFlight.delete(e.requestId);
      rearm();
    };
    cdp.on('Network.loadingFinished', finished);
    cdp.on('Network.loadingFailed', finished);
    // A cap, not a reason for the process to stay.
    setTimeout(done, 60_000).unref();
  });
}

/** One load; `hydrates`: the page marks `<html data-hydrated>` (the bare page does not, so it is not waited for). */
async function coldLoad(browser: Browser, url: string, hydrates: boolean, tracePath?: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: phone.viewport,
    deviceScaleFactor: phone.deviceScaleFactor,
    isMobile: phone.isMobile,
    hasTouch: phone.hasTouch,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(observe, waitingForms);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', phone.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.cpuSlowdown });
    const sent = new Map<string, { url: string; type: string; wallTime: number; timestamp: number }>();
    const requests: Request[] = [];
    let navigationStart = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      sent.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        wallTime: e.wallTime,
        timestamp: e.timestamp,
      });
      if (e.type === 'Document' && !navigationStart) navigationStart = e.timestamp;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const s = sent.get(e.requestId);
      if (!s) return;
      requests.push({
        url: s.url.replace(/^https?:\/\/[^/]+/, ''),
        type: s.type,
        start: (s.timestamp - navigationStart) * 1000,
        end: (e.timestamp - navigationStart) * 1000,
        bytes: e.encodedDataLength,
      });
    });
    if (tracePath)
      await browser.startTracing(page, { path: tracePath, screenshots: true, categories: traceCategories });
    const idle = networkIdle(cdp);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await idle;
    if (hydrates) {
      await page
        .waitForFunction(
          (waiting) =>
            document.documentElement.hasAttribute('data-hydrated') && document.querySelector(waiting) === null,
          waitingForms,
          { timeout: 30_000 },
        )
        .catch(() => undefined);
    }
    if (tracePath) await browser.stopTracing();
    const figures = await page.evaluate(() => {
      const w = window as unknown as InPage;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return { ...w.bench, html: nav?.responseEnd ?? Number.NaN, load: nav?.loadEventStart ?? Number.NaN };
    });
    return { ...figures, bytes: requests.reduce((sum, r) => sum + r.bytes, 0), requests };
  } finally {
    await context.close();
  }
}

interface Row {
  path: string;
  html: number;
  fcp: number;
  /** The middle half of the loads' first paints (25th to 75th percentile): how far one load strays. */
  fcpSpread: [number, number];
  lcp: number;
  hydrated: number;
  formsLive: number;
  load: number;
  bytes: number;
}

interface Target {
  url: string;
  label: string;
  hydrates: boolean;
}

/**
 * `runs` loads of each target, taken in turns (every target once, then again) so that the machine's
 * load drifting during the run weighs on every page alike; each row holds its loads' medians.
 */
async function measure(browser: Browser, targets: readonly Target[], runs: number): Promise<Row[]> {
  const loads = targets.map((): Load[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [t, target] of targets.entries()) loads[t]?.push(await coldLoad(browser, target.url, target.hydrates));
    process.stderr.write(`round ${i + 1} of ${runs} done\n`);
  }
  return targets.map((target, t) => {
    const each = (key: keyof Omit<Load, 'requests'>) => (loads[t] ?? []).map((l) => l[key]);
    const of = (key: keyof Omit<Load, 'requests'>) => median(each(key));
    return {
      path: target.label,
      html: of('html'),
      fcp: of('fcp'),
      fcpSpread: [quantile(each('fcp'), 0.25), quantile(each('fcp'), 0.75)],
      lcp: of('lcp'),
      hydrated: of('hydrated'),
      formsLive: of('formsLive'),
      load: of('load'),
      bytes: of('bytes'),
    };
  });
}

/** The requests of a traced load that ended before a moment, as "n requests, KB by type". */
function before(requests: readonly Request[], moment: number): string {
  const early = requests.filter((r) => r.end <= moment);
  const byType = new Map<string, { n: number; bytes: number }>();
  for (const r of early) {
    const t = byType.get(r.type) ?? { n: 0, bytes: 0 };
    byType.set(r.type, { n: t.n + 1, bytes: t.bytes + r.bytes });
  }
  return [...byType].map(([type, t]) => `${type} ${t.n} (${(t.bytes / 1024).toFixed(1)} KB)`).join(', ');
}

async function traceRoute(browser: Browser, url: string, label: string, dir: string, hydrates = true): Promise<void> {
  const name = label === '/' ? 'home' : label.replace(/^\//, '').replace(/[^A-Za-z0-9-]+/g, '_');
  const tracePath = path.join(dir, `${name}.trace.json`);
  const traced = await coldLoad(browser, url, hydrates, tracePath);
  writeFileSync(path.join(dir, `${name}.requests.json`), JSON.stringify(traced.requests, null, 1));
  const html = traced.requests.find((r) => r.type === 'Document');
  const { traceEvents } = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] };
  const work = beforeFirstPaint(traceEvents, url);
  console.log(
    `${label}: HTML ${((html?.bytes ?? 0) / 1024).toFixed(1)} KB at ${html?.end.toFixed(0)} ms; FCP ${traced.fcp.toFixed(0)} ms, hydrated ${traced.hydrated.toFixed(0)} ms\n` +
      `  ${work ? describeBeforePaint(work) : 'no first paint in the trace'}\n` +
      `  before first paint: ${before(traced.requests, traced.fcp) || 'nothing'}\n` +
      `  before hydration:   ${before(traced.requests, traced.hydrated)}\n` +
      `  until idle:         ${before(traced.requests, Number.POSITIVE_INFINITY)}`,
  );
}

async function main(): Promise<void> {
  if (!existsSync(path.join('out', 'index.html'))) throw new Error('out/ is missing: run npm run build first.');
  const runs = arg('runs', 5, 50);
  const port = arg('port', 3171, 65_000);
  const only = textArg('routes')?.split(',');
  const unknown = only?.filter((p) => !routes.some((r) => r.path === p)) ?? [];
  if (unknown.length) throw new Error(`Not in the route table: ${unknown.join(', ')}`);
  const chosen = routes.filter((r) => !only || only.includes(r.path));

  const servers = await sideBySide(port, 'bench-real-load');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: offlineArgs });
  try {
    const { siteUrl: base, bareUrl } = servers;
    console.log(
      `Chromium ${browser.version()}, ${phone.viewport.width} px, ${phone.network.latency} ms round trip, 1.6 Mbit/s down, ` +
        `750 kbit/s up, CPU ${phone.cpuSlowdown}× slower, no cache; median of ${runs} load(s) (${machineLoad()})`,
    );
    // Warm both servers' caches so that no route pays for a first read from disk.
    for (const r of chosen) await fetch(base + r.path);
    await fetch(bareUrl);

    const [bare, ...rows] = await measure(
      browser,
      [
        { url: bareUrl, label: '(bare Next page)', hydrates: false },
        ...chosen.map((r) => ({ url: base + r.path, label: r.path, hydrates: true })),
      ],
      runs,
    );
    if (!bare) throw new Error('The bare page was not measured.');
    const pad = (v: string, n: number) => v.padEnd(n);
    const ms = (v: number) => (Number.isNaN(v) ? '-' : v.toFixed(0));
    const ratio = (v: number, floor: number) => (Number.isNaN(v) ? '-' : `${(v / floor).toFixed(2)}×`);
    console.log(
      `${pad('route', 36)}${pad('HTML ms', 9)}${pad('FCP ms', 14)}${pad('middle half', 13)}${pad('LCP ms', 8)}${pad('hydrated ms', 16)}${pad('forms live ms', 16)}${pad('load ms', 14)}KB`,
    );
    for (const row of [bare, ...rows]) {
      const isBare = row === bare;
      console.log(
        pad(row.path, 36) +
          pad(ms(row.html), 9) +
          pad(`${ms(row.fcp)}${isBare ? '' : ` ${ratio(row.fcp, bare.fcp)}`}`, 14) +
          pad(row.fcpSpread.map(ms).join('–'), 13) +
          pad(ms(row.lcp), 8) +
          pad(`${ms(row.hydrated)}${isBare ? '' : ` ${ratio(row.hydrated, bare.load)}`}`, 16) +
          pad(`${ms(row.formsLive)}${Number.isNaN(row.formsLive) ? '' : ` ${ratio(row.formsLive, bare.load)}`}`, 16) +
          pad(`${ms(row.load)}${isBare ? '' : ` ${ratio(row.load, bare.load)}`}`, 14) +
          (row.bytes / 1024).toFixed(0),
      );
    }
    const slow = rows.filter((r) => !(r.fcp <= bare.fcp * 1.15 && r.hydrated <= bare.load * 1.25));
    const heavy = rows.filter((r) => r.bytes > 300 * 1024);
    console.log(
      `HTML: when the page's HTML had arrived. Middle half: the 25th to 75th percentile of the first paints. Ratios to the bare page: FCP to its FCP, hydrated, forms live and load to its load. Targets: FCP ≤ 1.15×, hydrated ≤ 1.25×, ≤ 300 KB.\n` +
        (slow.length
          ? `Over the time targets: ${slow.map((r) => r.path).join(', ')}.\n`
          : 'Every route within the time targets.\n') +
        (heavy.length ? `Over 300 KB: ${heavy.map((r) => r.path).join(', ')}.` : 'Every route within 300 KB.'),
    );

    if (process.argv.includes('--trace')) {
      const dir = path.resolve('.bench');
      mkdirSync(dir, { recursive: true });
      console.log(`\nOne traced load per route (traces and requests in ${dir}):`);
      await traceRoute(browser, bareUrl, '(bare Next page)', dir, false);
      for (const r of chosen) await traceRoute(browser, base + r.path, r.path, dir);
    }
  } finally {
    await browser.close();
    servers.stop();
  }
}

runBench(main);

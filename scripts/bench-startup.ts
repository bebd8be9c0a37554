/**
 * `npm run bench:startup [-- --loads 9]` (after `npm run build`): what the main thread of Debian's
 * Chromium does while a page starts, on a cold cache, with the start-up scripts as shipped (V8's
 * per-file compile hint as their first line, lib/script-deferral.ts) and with the hint taken off in
 * flight, loads of the two alternating. Prints per route the medians of the time the page had
 * hydrated (from the start of navigation), of the main thread's script time (parse, compile and
 * run) and of all its task time, and in how many loads a task reached 50 ms (a long task, which
 * delays a tap). Both variants are answered by the same interception, so
 * they differ in the hint alone.
 */
import '@/lib/load-env';
import { serve } from '@hono/node-server';
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { compileHint } from '@/lib/script-deferral';
import { createApp } from '@/server/app';
import { chromiumPath, offlineArgs } from '../tests/e2e/browser';
import { arg, machineLoad, median, runBench } from './bench-common';

const outDir = path.resolve('out');
const pages = ['/', '/pro-audio-mastering', '/institute', '/request-form', '/payment'];

interface Load {
  script: number;
  task: number;
  longest: number;
  hydrated: number;
}

async function coldLoad(browser: Browser, url: string, withHint: boolean): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({ response, body: withHint ? body : body.replace(compileHint, '') });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { longest: number; hydrated: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    // RouteEffects marks <html data-hydrated> once the page has hydrated.
    new MutationObserver((_, observer) => {
      if (document.documentElement?.hasAttribute('data-hydrated')) {
        w.hydrated = performance.now();
        observer.disconnect();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  await page.waitForTimeout(1500);
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? Number.NaN) * 1000;
  const { longest, hydrated } = await page.evaluate(() => {
    const w = window as unknown as { longest: number; hydrated: number };
    return { longest: w.longest, hydrated: w.hydrated };
  });
  await context.close();
  return { script: value('ScriptDuration'), task: value('TaskDuration'), longest, hydrated };
}

const figures = (loads: Load[]) =>
  `hydrated at ${median(loads.map((l) => l.hydrated)).toFixed(0)} ms, ` +
  `script ${median(loads.map((l) => l.script)).toFixed(0)} ms, tasks ${median(loads.map((l) => l.task)).toFixed(0)} ms, ` +
  `a long task (≥ 50 ms) in ${loads.filter((l) => l.longest > 0).length} of ${loads.length} loads`;

async function main(): Promise<void> {
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error('out/ is missing: run npm run build first');
  const loads = arg('loads', 9, 50);
  const app = createApp({ site: { root: () => outDir, analytics: false } });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((ready) => server.once('listening', ready));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: offlineArgs });
  console.log(`Chromium ${browser.version()}, ${loads} cold loads of each variant, medians (${machineLoad()})`);
  try {
    for (const route of pages) {
      const shipped: Load[] = [];
      const bare: Load[] = [];
      for (let i = 0; i < loads; i++) {
        shipped.push(await coldLoad(browser, base + route, true));
        bare.push(await coldLoad(browser, base + route, false));
      }
      console.log(`${route}\n  with the hint:    ${figures(shipped)}\n  without the hint: ${figures(bare)}`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

runBench(main);

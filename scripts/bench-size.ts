/**
 * Prints what each exported page costs a visitor: its HTML and the scripts, styles and fonts it
 * references, raw and gzipped (run after `npm run build`). `npm run bench:size`.
 */
import '@/lib/load-env';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { exportFileOf, routes } from '@/lib/routes';

const outDir = 'out';
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Row {
  path: string;
  html: number;
  htmlGz: number;
  js: number;
  jsGz: number;
  css: number;
  cssGz: number;
}

const sizeCache = new Map<string, { raw: number; gz: number }>();
function sizeOf(url: string): { raw: number; gz: number } {
  const file = path.join(outDir, url.split('?')[0] ?? url);
  const hit = sizeCache.get(file);
  if (hit) return hit;
  const body = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  const entry = { raw: body.length, gz: gzipSync(body, { level: 9 }).length };
  sizeCache.set(file, entry);
  return entry;
}

const rows: Row[] = [];
for (const route of routes) {
  const file = path.join(outDir, exportFileOf(route.path));
  if (!existsSync(file)) continue;
  const html = readFileSync(file);
  const text = html.toString('utf8');
  // noModule scripts are legacy polyfills that modern browsers never download.
  const scripts = new Set(
    [...text.matchAll(/<script([^>]+)src="([^"]+)"([^>]*)>/g)]
      .filter((m) => !/noModule/i.test(m[0]))
      .map((m) => m[2] ?? ''),
  );
  const styles = new Set([...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? ''));
  const sum = (urls: Set<string>, key: 'raw' | 'gz') => [...urls].reduce((n, u) => n + sizeOf(u)[key], 0);
  rows.push({
    path: route.path,
    html: html.length,
    htmlGz: gzipSync(html, { level: 9 }).length,
    js: sum(scripts, 'raw'),
    jsGz: sum(scripts, 'gz'),
    css: sum(styles, 'raw'),
    cssGz: sum(styles, 'gz'),
  });
}

console.log('page'.padEnd(40), 'html (gz)'.padStart(20), 'js (gz)'.padStart(22), 'css (gz)'.padStart(20));
for (const r of rows) {
  console.log(
    r.path.padEnd(40),
    `${kb(r.html)} (${kb(r.htmlGz)})`.padStart(20),
    `${kb(r.js)} (${kb(r.jsGz)})`.padStart(22),
    `${kb(r.css)} (${kb(r.cssGz)})`.padStart(20),
  );
}
const max = (k: keyof Omit<Row, 'path'>) => Math.max(...rows.map((r) => r[k]));
console.log(
  `\n${rows.length} pages; largest first load: HTML ${kb(max('htmlGz'))} gz, JS ${kb(max('jsGz'))} gz, CSS ${kb(max('cssGz'))} gz`,
);

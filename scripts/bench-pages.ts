/**
 * What the page benchmarks (`bench:lighthouse`, `bench:real-load`) share: the bare Next 16 page
 * they compare the site with, and the site served from out/ by the bundled server as it ships.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { compressible } from '@/lib/host-files';
import { staticSite } from '@/server/site/static-site';

const root = process.cwd();
export const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/**
 * A bare Next 16 page (heading, paragraph, icon) exported from a scratch folder inside the project
 * (Turbopack resolves `next` only under its root), from this node_modules: the floor to compare
 * with. Returns the folder (its export in `out/`); the caller removes it.
 */
function buildBareNext(): string {
  const dir = path.join(root, '.bench-bare');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'app'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bare-next', private: true }));
  writeFileSync(
    path.join(dir, 'next.config.mjs'),
    `export default { output: 'export', turbopack: { root: ${JSON.stringify(root)} } };\n`,
  );
  writeFileSync(
    path.join(dir, 'app', 'layout.tsx'),
    "export const metadata = { title: 'Bare', description: 'A bare Next page.' };\n" +
      'export default function Layout({ children }: { children: React.ReactNode }) {\n' +
      '  return (<html lang="en"><body>{children}</body></html>);\n}\n',
  );
  writeFileSync(
    path.join(dir, 'app', 'page.tsx'),
    'export default function Page() {\n  return (<main><h1>Bare Next page</h1><p>One heading and one paragraph.</p></main>);\n}\n',
  );
  writeFileSync(
    path.join(dir, 'app', 'icon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#111"/></svg>\n',
  );
  execFileSync(bin('next'), ['build'], {
    cwd: dir,
    stdio: 'ignore',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  return dir;
}

/**
 * Brotli and gzip copies of every compressible file under `dir`, at the levels the site's build
 * uses (scripts/postbuild.ts), so that the bundled server sends a bare export as it sends the site.
 */
function precompress(dir: string): void {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => compressible.test(f));
  for (const file of files) {
    const full = path.join(dir, file);
    const body = readFileSync(full);
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    };
    writeFileSync(`${full}.br`, brotliCompressSync(body, { params }));
    writeFileSync(`${full}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
  }
}

/** Resolves once `url` answers 200 (two minutes at most). */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** `npm run serve` on `port`: the bundled server with out/ as it ships, its data in `dataDir`. */
export function serveSite(port: number, dataDir: string, stderr: 'ignore' | 'inherit' = 'ignore'): ChildProcess {
  return spawn(bin('tsx'), ['server/main.ts', '--no-build'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', stderr],
  });
}

/**
 * The bare page's export served on `port` by the site's own static server, with the same Brotli
 * copies and headers, so that the two differ in their pages alone.
 */
function serveBare(bareDir: string, port: number): ServerType {
  const out = path.join(bareDir, 'out');
  precompress(out);
  const app = new Hono().use('*', staticSite({ root: () => out, analytics: false }));
  return serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
}

export interface SideBySide {
  /** The bundled server serving out/ at `siteUrl`. */
  site: ChildProcess;
  /** Its data folder, removed by `stop`. */
  dataDir: string;
  siteUrl: string;
  bareUrl: string;
  /** Stops both servers and removes the bare page and the data folder. */
  stop(): void;
}

/** The site (`npm run serve`) on `port` and the bare Next page on `port + 1`, both answering. */
export async function sideBySide(port: number, name: string): Promise<SideBySide> {
  const bareDir = buildBareNext();
  const bareServer = serveBare(bareDir, port + 1);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-data-`));
  const site = serveSite(port, dataDir);
  const stop = () => {
    site.kill();
    bareServer.close();
    rmSync(bareDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const siteUrl = `http://127.0.0.1:${port}`;
  const bareUrl = `http://127.0.0.1:${port + 1}/`;
  try {
    await waitFor(`${siteUrl}/robots.txt`);
    await waitFor(bareUrl);
  } catch (error) {
    stop();
    throw error;
  }
  return { site, dataDir, siteUrl, bareUrl, stop };
}

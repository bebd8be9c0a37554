import { cp, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The folders the site is served from when the rebuild webhook is on: `<buildsDir>/<id>/` holds a
 * complete export, and `<buildsDir>/current` names the live one. The server never serves ./out
 * directly then, because `next build` empties ./out while it runs.
 */
export class SiteFolders {
  private live: string | undefined;

  constructor(
    readonly buildsDir: string,
    private readonly keep = 3,
  ) {}

  /** The folder being served. */
  current(): string {
    if (!this.live) throw new Error('SiteFolders.init() has not run');
    return this.live;
  }

  /** A new, unused folder name. */
  nextFolder(): string {
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    let folder = path.join(this.buildsDir, stamp);
    for (let n = 2; existsSync(folder); n++) folder = path.join(this.buildsDir, `${stamp}-${n}`);
    return folder;
  }

  /** Picks up the live folder of the last run, or copies `outDir` into a first one. */
  async init(outDir: string): Promise<string> {
    await mkdir(this.buildsDir, { recursive: true });
    const pointer = path.join(this.buildsDir, 'current');
    const named = existsSync(pointer) ? (await readFile(pointer, 'utf8')).trim() : '';
    const candidate = named ? path.join(this.buildsDir, path.basename(named)) : '';
    if (candidate && existsSync(path.join(candidate, '404.html'))) {
      this.live = candidate;
      return candidate;
    }
    const folder = this.nextFolder();
    // With its times, so the served build's record says when it was built (the daily rebuild reads it).
    await cp(outDir, folder, { recursive: true, preserveTimestamps: true });
    await this.activate(folder);
    return folder;
  }

  /** Makes `folder` the live site (one assignment, then the pointer file), and prunes old builds. */
  async activate(folder: string): Promise<void> {
    this.live = path.resolve(folder);
    const pointer = path.join(this.buildsDir, 'current');
    await writeFile(`${pointer}.tmp`, path.basename(folder));
    await rename(`${pointer}.tmp`, pointer);
    const folders = (await readdir(this.buildsDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    // Older folders may still be answering requests that started before the swap: keep a few.
    const stale = folders.filter((name) => name !== path.basename(folder)).slice(0, -(this.keep - 1) || undefined);
    for (const name of stale) await rm(path.join(this.buildsDir, name), { recursive: true, force: true });
  }
}

/**
 * Puts `from`'s files at `to` as hard links: the same files, no bytes copied. Safe for ./out, whose
 * files are never rewritten in place once built: `next build` empties it before it writes. Where
 * links cannot be made (`to` on another file system), a copy.
 */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  const linkTree = async (a: string, b: string): Promise<void> => {
    await mkdir(b, { recursive: true });
    const entries = await readdir(a, { withFileTypes: true });
    await Promise.all(
      entries.map((e) =>
        e.isDirectory()
          ? linkTree(path.join(a, e.name), path.join(b, e.name))
          : link(path.join(a, e.name), path.join(b, e.name)),
      ),
    );
  };
  try {
    await linkTree(from, to);
  } catch {
    await rm(to, { recursive: true, force: true });
    await cp(from, to, { recursive: true });
  }
}

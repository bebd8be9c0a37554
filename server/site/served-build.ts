import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseSiteBuild, SITE_BUILD_FILE, type SiteBuild } from '@/lib/site-build';

/**
 * The facts of the build being served (lib/site-build.ts), read from the served folder: again
 * whenever the folder changes (a rebuild swapped it) or its file is rewritten (a build in place).
 * Undefined when the folder has no readable record (a build older than the record).
 */
export function servedSiteBuild(root: () => string): () => SiteBuild | undefined {
  let seen: { file: string; mtimeMs: number; facts: SiteBuild | undefined } | undefined;
  return () => {
    const file = path.join(root(), SITE_BUILD_FILE);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    if (seen?.file !== file || seen.mtimeMs !== mtimeMs) {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // unreadable: no facts
      }
      seen = { file, mtimeMs, facts: parseSiteBuild(text) };
    }
    return seen.facts;
  };
}

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes stand-ins for a project folder's scripts (`scripts/<name>`), each from its lines: the server
 * starts `scripts/build-site.ts` and `scripts/build-standby.ts` in the folder it is given.
 */
export function writeScripts(cwd: string, scripts: Readonly<Record<string, readonly string[]>>): void {
  mkdirSync(path.join(cwd, 'scripts'), { recursive: true });
  for (const [name, lines] of Object.entries(scripts))
    writeFileSync(path.join(cwd, 'scripts', name), [...lines, ''].join('\n'));
}

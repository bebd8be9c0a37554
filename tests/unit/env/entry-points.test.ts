/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

/** Every file that an npm script runs with tsx. */
function tsxEntryPoints(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const files = Object.values(scripts).flatMap((command) =>
    [...command.matchAll(/\btsx(?:\s+--\S+)*\s+(\S+\.tsx?)\b/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set(files)].sort();
}

describe('every command reads the same settings', () => {
  it('finds the tsx entry points of package.json', () => {
    expect(tsxEntryPoints()).toEqual(
      expect.arrayContaining(['scripts/db-backup.ts', 'scripts/db-restore.ts', 'server/main.ts']),
    );
  });

  it.each(tsxEntryPoints())('%s loads the .env files before anything else', (file) => {
    const source = readFileSync(path.join(root, file), 'utf8');
    const firstImport = /^import\s[^;]*;/m.exec(source)?.[0] ?? '';
    expect(firstImport).toMatch(/from '@\/lib\/load-env'|^import '@\/lib\/load-env'/);
  });
});

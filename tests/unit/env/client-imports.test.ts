/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

// lib/, components/ and app/ import from server/ only through server/contract.ts: Biome's
// noRestrictedImports (biome.json) refuses any other import, in `npm run lint`.
describe('the browser and the server share types, never code, from server/', () => {
  it('server/contract.ts only imports and exports types', () => {
    const text = readFileSync(path.join(root, 'server/contract.ts'), 'utf8');
    const statements = text.split('\n').filter((line) => /^(import|export)\b/.test(line));
    expect(statements.length).toBeGreaterThan(0);
    for (const line of statements) expect(line).toMatch(/^(import|export) type\b/);
  });

  it('the browser calls the service in one place: nothing else in lib/ or components/ calls fetch for it', () => {
    const callers = [...sources('lib'), ...sources('components')].filter((file) =>
      /\bfetch\(|hc</.test(readFileSync(path.join(root, file), 'utf8')),
    );
    // lib/cms is the build's WordPress client, not the browser's.
    expect(callers.filter((file) => !file.startsWith(`lib${path.sep}cms`))).toEqual(['lib/service-client.ts']);
  });
});

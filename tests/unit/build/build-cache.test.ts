/** @jest-environment node */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCache, contentKey } from '@/scripts/build-cache';

const name = `test-cache-${process.pid}`;
const dir = path.join('.next', 'cache', name);
const out = mkdtempSync(path.join(os.tmpdir(), 'build-cache-out-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe('the build cache by content hash', () => {
  it('makes an entry once, puts it in place on the next build, and keeps only what a build used', async () => {
    const first = buildCache(name);
    let made = 0;
    const make = (text: string) => async () => {
      made++;
      return Buffer.from(text);
    };
    const a = contentKey('page a, first text');
    const b = contentKey('page b');
    const pageA = path.join(out, 'a.html.br');
    const pageB = path.join(out, 'b.html.br');
    expect(await first.place(`${a}.br`, pageA, make('A1'))).toEqual({ hit: false, size: 2 });
    expect(await first.place(`${b}.br`, pageB, make('B'))).toEqual({ hit: false, size: 1 });
    expect(readFileSync(pageA, 'utf8')).toBe('A1');
    first.prune();
    expect(made).toBe(2);

    // The next build, into a fresh folder: page b unchanged (from the cache), page a edited (made again).
    rmSync(out, { recursive: true, force: true });
    const next = mkdtempSync(path.join(os.tmpdir(), 'build-cache-out-'));
    const second = buildCache(name);
    const edited = contentKey('page a, edited');
    expect(second.has(`${b}.br`)).toBe(true);
    expect(await second.place(`${b}.br`, path.join(next, 'b.html.br'), make('B again'))).toEqual({
      hit: true,
      size: 1,
    });
    expect(await second.place(`${edited}.br`, path.join(next, 'a.html.br'), make('A2'))).toEqual({
      hit: false,
      size: 2,
    });
    second.prune();
    expect(made).toBe(3);
    expect(readFileSync(path.join(next, 'b.html.br'), 'utf8')).toBe('B');
    expect(readFileSync(path.join(next, 'a.html.br'), 'utf8')).toBe('A2');
    // Placed from the cache as a link to the same file: no bytes copied.
    expect(statSync(path.join(next, 'b.html.br')).ino).toBe(statSync(path.join(dir, `${b}.br`)).ino);
    expect(readdirSync(dir).sort()).toEqual([`${b}.br`, `${edited}.br`].sort());
    expect(existsSync(path.join(dir, `${a}.br`))).toBe(false);
    expect(readdirSync(next).sort()).toEqual(['a.html.br', 'b.html.br']);
    rmSync(next, { recursive: true, force: true });
  });

  it('makes an entry again when it went missing after it was asked for (pruned by a build beside)', async () => {
    const cache = buildCache(name);
    const key = contentKey('page c');
    expect(cache.has(`${key}.gz`)).toBe(false);
    const folder = mkdtempSync(path.join(os.tmpdir(), 'build-cache-out-'));
    const to = path.join(folder, 'c.html.gz');
    expect(await cache.place(`${key}.gz`, to, async () => Buffer.from('C'))).toEqual({ hit: false, size: 1 });
    rmSync(path.join(dir, `${key}.gz`));
    expect(await cache.place(`${key}.gz`, to, async () => Buffer.from('C!'))).toEqual({ hit: false, size: 2 });
    expect(readFileSync(to, 'utf8')).toBe('C!');
    rmSync(folder, { recursive: true, force: true });
  });

  it('keys differ with any part', () => {
    expect(contentKey('a', 'b')).not.toBe(contentKey('a', 'c'));
    expect(contentKey(Buffer.from('x'))).toBe(contentKey('x'));
  });
});

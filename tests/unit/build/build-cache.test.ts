/** @jest-environment node */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildCache, contentKey } from '@/scripts/build-cache';

const name = `test-cache-${process.pid}`;
const dir = path.join('.next', 'cache', name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the build cache by content hash', () => {
  it('makes an entry once, gives it back on the next build, and keeps only what a build used', async () => {
    const first = buildCache(name);
    let made = 0;
    const make = (text: string) => async () => {
      made++;
      return Buffer.from(text);
    };
    const a = contentKey('page a, first text');
    const b = contentKey('page b');
    expect(await first.get(`${a}.br`, make('A1'))).toEqual({ bytes: Buffer.from('A1'), hit: false });
    expect(await first.get(`${b}.br`, make('B'))).toEqual({ bytes: Buffer.from('B'), hit: false });
    first.prune();
    expect(made).toBe(2);

    // The next build: page b unchanged (from the cache), page a edited (made again).
    const second = buildCache(name);
    const edited = contentKey('page a, edited');
    expect(await second.get(`${b}.br`, make('B again'))).toEqual({ bytes: Buffer.from('B'), hit: true });
    expect(await second.get(`${edited}.br`, make('A2'))).toEqual({ bytes: Buffer.from('A2'), hit: false });
    second.prune();
    expect(made).toBe(3);
    expect(readdirSync(dir).sort()).toEqual([`${b}.br`, `${edited}.br`].sort());
    expect(existsSync(path.join(dir, `${a}.br`))).toBe(false);
  });

  it('keys differ with any part', () => {
    expect(contentKey('a', 'b')).not.toBe(contentKey('a', 'c'));
    expect(contentKey(Buffer.from('x'))).toBe(contentKey('x'));
  });
});

import { deferChunkScripts, loaderScript, withCompileHint } from '@/lib/script-deferral';

// The shape of an exported page's head and body, as Next.js 16 writes them.
const page = [
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/>',
  '<link rel="preload" href="/media/about/studio.webp" as="image"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>',
  '<script src="/_next/static/chunks/b.js" async=""></script>',
  '<script src="/_next/static/chunks/turbopack-c.js" async=""></script>',
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>',
  '</head><body><main><p>Text</p></main>',
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>',
].join('');

describe('deferChunkScripts', () => {
  it('replaces the chunk scripts and their preloads with one loader at the end of the body', () => {
    const { html: out, sources } = deferChunkScripts(page) ?? { html: '', sources: [] };
    const inOrder = ['/_next/static/chunks/b.js', '/_next/static/chunks/turbopack-c.js', '/_next/static/chunks/a.js'];
    expect(sources).toEqual(inOrder);
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/(a|b|turbopack-c)\.js"/);
    expect(out).not.toContain('as="script"');
    expect(out).toContain('<link rel="preload" href="/media/about/studio.webp" as="image"/>');
    expect(out).toContain('polyfill.js" noModule=""');
    expect(out).toContain('<p>Text</p>');
    expect(out.endsWith(`<script>${loaderScript(inOrder)}</script></body></html>`)).toBe(true);
  });

  it('gives up on a page without chunk scripts, so that the build stops on changed markup', () => {
    expect(deferChunkScripts('<html><body><p>plain</p></body></html>')).toBeUndefined();
  });
});

describe('withCompileHint', () => {
  const chunk = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([]);';

  it("puts V8's per-file hint on the script's first line, where alone it counts", () => {
    expect(withCompileHint(chunk)).toBe(`//# allFunctionsCalledOnLoad\n${chunk}`);
    expect(new Function(withCompileHint('return 1'))()).toBe(1);
  });

  it('adds it once, however often the build runs over the file', () => {
    expect(withCompileHint(withCompileHint(chunk))).toBe(withCompileHint(chunk));
  });
});

describe('the loader', () => {
  const scripts = () => [...document.head.querySelectorAll('script[src]')].map((s) => s.getAttribute('src'));
  const run = (sources: string[]) => new Function(loaderScript(sources))();
  let hidden: jest.SpyInstance;

  beforeEach(() => {
    document.head.innerHTML = '';
    jest.useFakeTimers();
    hidden = jest.spyOn(document, 'hidden', 'get').mockReturnValue(false);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('adds the scripts, in order, only once the first frame has been drawn', () => {
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    run(['/x.js', '/y.js']);
    expect(scripts()).toEqual([]);
    frames[0]?.(0);
    jest.runAllTimers();
    expect(scripts()).toEqual([]);
    frames[1]?.(16);
    expect(scripts()).toEqual([]);
    jest.runAllTimers();
    expect(scripts()).toEqual(['/x.js', '/y.js']);
  });

  it('adds them at once in a background tab, and once only when the tab is then shown', () => {
    hidden.mockReturnValue(true);
    run(['/x.js']);
    expect(scripts()).toEqual(['/x.js']);
    document.dispatchEvent(new Event('visibilitychange'));
    jest.runAllTimers();
    expect(scripts()).toEqual(['/x.js']);
  });

  it('does not wait for a frame once the tab is hidden', () => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    run(['/x.js']);
    document.dispatchEvent(new Event('visibilitychange'));
    jest.runAllTimers();
    expect(scripts()).toEqual(['/x.js']);
  });
});

import { beforeFirstPaint, describeBeforePaint, type TraceEvent } from '../../../scripts/trace-summary';

const url = 'http://127.0.0.1:3171/query';
const main = { pid: 7, tid: 7 };
/** A complete event on the renderer's main thread; times in ms from the navigation's start. */
const work = (name: string, at: number, ms: number, thread = main): TraceEvent => ({
  name,
  ph: 'X',
  ...thread,
  ts: 1_000_000 + at * 1000,
  dur: ms * 1000,
});
const mark = (name: string, at: number, navigationId: string, documentLoaderURL?: string): TraceEvent => ({
  name,
  ph: 'R',
  ...main,
  ts: 1_000_000 + at * 1000,
  args: { data: { navigationId, documentLoaderURL } },
});

/** The shape of a traced load: an about:blank navigation first, the page's, then work after its paint. */
const trace: TraceEvent[] = [
  mark('navigationStart', -50, 'blank', ''),
  work('ParseHTML', -40, 5),
  mark('navigationStart', 0, 'page', url),
  work('ParseHTML', 100, 30),
  work('EvaluateScript', 110, 8),
  work('v8.compile', 111, 2),
  work('UpdateLayoutTree', 140, 20),
  work('FontCache::GetFontPlatformData', 150, 4),
  work('Layout', 160, 60),
  work('FontCache::GetFontPlatformData', 170, 10),
  work('FontCache::GetFontPlatformData', 171, 9),
  work('FontCache::GetFontPlatformData', 190, 6),
  work('PrePaint', 220, 3),
  work('Paint', 223, 5),
  work('Layout', 150, 40, { pid: 9, tid: 9 }),
  mark('firstContentfulPaint', 240, 'page'),
  work('Layout', 250, 30),
];

describe('the main thread before the first paint, from a trace', () => {
  it('sums each kind of work once, on the page’s main thread, from its navigation to its first paint', () => {
    expect(beforeFirstPaint(trace, url)).toEqual({
      fcp: 240,
      parseHtml: 22,
      script: 8,
      style: 20,
      layout: 60,
      fontLookups: 20,
      paint: 8,
    });
  });

  it('says so when the trace has no such navigation or no first paint', () => {
    expect(beforeFirstPaint(trace, 'http://127.0.0.1:3171/about')).toBeUndefined();
    expect(
      beforeFirstPaint(
        trace.filter((e) => e.name !== 'firstContentfulPaint'),
        url,
      ),
    ).toBeUndefined();
  });

  it('reads as one line', () => {
    const summary = beforeFirstPaint(trace, url);
    expect(summary && describeBeforePaint(summary)).toBe(
      'FCP 240 ms · main thread before it: parse 22 · script 8 · style 20 · layout 60 (font lookups 20 of style and layout) · paint 8',
    );
  });
});

/**
 * What a page's renderer did before its first contentful paint, read from a Chromium performance
 * trace (the `--trace` loads of `npm run bench:real-load`): the time on its main thread by kind of
 * work, so that a route's trace says at a glance where its first paint went.
 */

/** The trace events this reads (Chromium's Trace Event Format). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  /** Microseconds, on complete ("X") events. */
  dur?: number;
  args?: { data?: { documentLoaderURL?: string; navigationId?: string } };
}

/** Milliseconds of main-thread work before the first contentful paint, by kind. */
export interface BeforePaint {
  /** From the navigation's start. */
  fcp: number;
  parseHtml: number;
  script: number;
  style: number;
  layout: number;
  /** Of style and layout: finding and opening fonts (the system's fonts go through the browser process on Linux). */
  fontLookups: number;
  paint: number;
}

type Kind = Exclude<keyof BeforePaint, 'fcp'>;

/** Which event names count as which kind of work. */
const kinds = new Map<string, Kind>([
  ['ParseHTML', 'parseHtml'],
  ['EvaluateScript', 'script'],
  ['FunctionCall', 'script'],
  ['TimerFire', 'script'],
  ['FireAnimationFrame', 'script'],
  ['v8.compile', 'script'],
  ['UpdateLayoutTree', 'style'],
  ['ParseAuthorStyleSheet', 'style'],
  ['Layout', 'layout'],
  ['FontCache::GetFontPlatformData', 'fontLookups'],
  ['PrePaint', 'paint'],
  ['Paint', 'paint'],
  ['Layerize', 'paint'],
  ['Commit', 'paint'],
]);

/**
 * The main-thread work of the navigation to `url` before its first contentful paint, or undefined
 * when the trace holds no such navigation or paint. Each kind counts its outermost events once
 * (a font lookup inside another, a script inside a script); the parse's own time leaves out the
 * scripts it ran.
 */
export function beforeFirstPaint(events: readonly TraceEvent[], url: string): BeforePaint | undefined {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  const navigationId = navigation?.args?.data?.navigationId;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.args?.data?.navigationId === navigationId);
  if (!navigation || !navigationId || !paint) return undefined;
  const work = events
    .filter(
      (e) => e.ph === 'X' && e.pid === paint.pid && e.tid === paint.tid && e.ts >= navigation.ts && e.ts < paint.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  const totals: Record<Kind, number> = { parseHtml: 0, script: 0, style: 0, layout: 0, fontLookups: 0, paint: 0 };
  const countedUntil: Partial<Record<Kind, number>> = {};
  let parseUntil = 0;
  for (const e of work) {
    const kind = kinds.get(e.name);
    if (!kind || e.ts < (countedUntil[kind] ?? 0)) continue;
    const end = e.ts + (e.dur ?? 0);
    const ms = (e.dur ?? 0) / 1000;
    countedUntil[kind] = end;
    totals[kind] += ms;
    if (kind === 'parseHtml') parseUntil = end;
    else if (kind === 'script' && e.ts < parseUntil) totals.parseHtml -= ms;
  }
  return { fcp: (paint.ts - navigation.ts) / 1000, ...totals };
}

/**
 * One line, as the bench prints it: "FCP 529 ms · main thread before it: parse 43 · script 12 ·
 * style 21 · layout 60 (font lookups 27 of style and layout) · paint 14".
 */
export function describeBeforePaint(b: BeforePaint): string {
  const ms = (v: number) => v.toFixed(0);
  return (
    `FCP ${ms(b.fcp)} ms · main thread before it: parse ${ms(b.parseHtml)} · script ${ms(b.script)} · ` +
    `style ${ms(b.style)} · layout ${ms(b.layout)} (font lookups ${ms(b.fontLookups)} of style and layout) · paint ${ms(b.paint)}`
  );
}

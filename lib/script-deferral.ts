/**
 * The framework's scripts start after a page's first paint (scripts/postbuild.ts rewrites every
 * exported page with this). Next.js writes its chunks as `<script async>` in the head, each with a
 * low-priority preload: on a slow network they download while the page's own text, CSS and hero
 * image are still arriving, and on a slow phone they run before the first paint. Every page reads
 * fully without JavaScript, so the text paints first and the scripts follow two frames later (at
 * once in a background tab, where frames are not drawn). Measured with `npm run bench:lighthouse`:
 * the simulated LCP of a text page fell from 1.7–2.0 s to the time of its first paint.
 *
 * The same scripts carry V8's per-file compile hint (`withCompileHint`): every function in them runs
 * while the page starts, and the hint has Chromium (136 and later) compile them all on the thread
 * that downloads the file, instead of one by one on the main thread as each is first called. Other
 * browsers read it as a comment. `npm run bench:startup` measures it: the main thread's script time
 * while a page starts is a fifth to a third lower, and most loads no longer have a task of 50 ms or
 * more (Lighthouse's simulated TBT on a phone fell from 49–190 ms to under 50 on every route).
 */

/** The chunk scripts Next.js writes: `<script src="/_next/static/…" async=""></script>`. */
const chunkScript = /<script src="(\/_next\/static\/[^"]+)" async=""><\/script>/g;
/** Their preloads: `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/…"/>`. */
const chunkPreload = /<link rel="preload" as="script"[^>]*? href="\/_next\/static\/[^"]+"\/>/g;

/**
 * The inline loader: adds the scripts once the first frame has been drawn (the callback of the
 * second animation frame runs after the first one was presented), or at once when the page is
 * hidden.
 */
export function loaderScript(sources: readonly string[]): string {
  return (
    '(function(){var s=' +
    JSON.stringify(sources) +
    ',d=0;function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;document.head.appendChild(e)})}' +
    'if(document.hidden)go();else{requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go)})});document.addEventListener("visibilitychange",go)}})()'
  );
}

/**
 * Any script tag or script preload that still points into /_next/, whatever its attributes, but the
 * `noModule` polyfills: only browsers without JavaScript modules fetch them (never a current one).
 */
const anyChunkTag =
  /<script\b(?![^>]*\snoModule)[^>]*\ssrc="\/_next\/[^"]*"[^>]*>|<link\b(?=[^>]*\sas="script")[^>]*\shref="\/_next\/[^"]*"[^>]*>/gi;

/** The chunk script tags and preloads of a page that the rewrite did not recognise (a Next.js upgrade that adds an attribute). */
export function unrewrittenChunkTags(html: string): string[] {
  return html.match(anyChunkTag) ?? [];
}

/**
 * The page with its chunk scripts and their preloads replaced by one inline loader at the end of
 * the body, and the scripts' addresses; undefined when the page has none, or when any `/_next/`
 * script tag or preload is left that the rewrite did not recognise (a change in Next.js's output:
 * the build stops, rather than ship a page that loads some scripts before its first paint).
 */
export function deferChunkScripts(html: string): { html: string; sources: string[] } | undefined {
  const sources = [...new Set([...html.matchAll(chunkScript)].map((m) => m[1] as string))];
  const rest = html.replace(chunkScript, '').replace(chunkPreload, '');
  const at = rest.lastIndexOf('</body>');
  if (sources.length === 0 || at < 0 || unrewrittenChunkTags(rest).length > 0) return undefined;
  return { html: `${rest.slice(0, at)}<script>${loaderScript(sources)}</script>${rest.slice(at)}`, sources };
}

/** V8's per-file compile hint; it counts only as the file's first line. */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** A script that every page runs at start-up, with the compile hint as its first line (once). */
export function withCompileHint(js: string): string {
  return js.startsWith(compileHint) ? js : compileHint + js;
}

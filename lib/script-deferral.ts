/**
 * The framework's scripts start after a page's first paint (scripts/postbuild.ts rewrites every
 * exported page with this). Next.js writes its chunks as `<script async>` in the head, each with a
 * low-priority preload: on a slow network they download while the page's own text, CSS and hero
 * image are still arriving, and on a slow phone they run before the first paint. Every page reads
 * fully without JavaScript, so the text paints first and the scripts follow two frames later (at
 * once in a background tab, where frames are not drawn). Measured with `npm run bench:lighthouse`:
 * the simulated LCP of a text page fell from 1.7–2.0 s to the time of its first paint.
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
 * The page with its chunk scripts and their preloads replaced by one inline loader at the end of
 * the body, or undefined when the page has none (a change in Next.js's output: the build stops).
 */
export function deferChunkScripts(html: string): string | undefined {
  const sources = [...html.matchAll(chunkScript)].map((m) => m[1] as string);
  const rest = html.replace(chunkScript, '').replace(chunkPreload, '');
  const at = rest.lastIndexOf('</body>');
  if (sources.length === 0 || at < 0) return undefined;
  return `${rest.slice(0, at)}<script>${loaderScript([...new Set(sources)])}</script>${rest.slice(at)}`;
}

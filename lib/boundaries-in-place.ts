/**
 * React's server renderer sends a finished `Suspense` boundary's HTML out of place when the page
 * before it is past its progressive chunk size (12,800 bytes; Next.js does not let a site set it):
 * the boundary's place holds `<!--$?--><template id="B:n"></template><!--/$-->`, its HTML comes
 * later in `<div hidden id="S:m">…</div>`, and an inline script (`$RC("B:n","S:m")`) moves it in.
 * That suits a stream; an exported page is read whole, also without JavaScript, where the hidden
 * block stays hidden. This puts each block back in its place, as the script would, and drops the
 * script; the page then is what React sends when it does not outline (`<!--$-->…<!--/$-->`).
 * Hand-written: neither React nor Next.js has a setting for it.
 */

const holeOf = (id: string) => `<!--$?--><template id="${id}"></template>`;
const blockOpen = /<div hidden id="(S:\d+)">/;
const call = /\$RC\("(B:\d+)","(S:\d+)"\)/g;
/** React's inline runtime for completing boundaries (`$RB=[];$RV=function…;$RC=function…`), when it comes with the calls. */
const runtime = /^\$RB=\[\];[\s\S]*\$RC=function/;

/** The end of the `<div>` opened just before `from` (the index after its `</div>`), or -1. */
function closingDiv(html: string, from: number): number {
  const tag = /<div\b|<\/div>/g;
  tag.lastIndex = from;
  let depth = 1;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    depth += m[0] === '</div>' ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return -1;
}

/**
 * The page with every outlined boundary back in place and React's completing script gone, or
 * undefined when the page's markup is not what this knows (the build stops rather than guess).
 */
export function withBoundariesInPlace(html: string): string | undefined {
  const moves = new Map<string, string>();
  for (const m of html.matchAll(call)) moves.set(m[2] ?? '', m[1] ?? '');
  let page = html;
  for (let open = blockOpen.exec(page); open; open = blockOpen.exec(page)) {
    const segment = open[1] ?? '';
    const start = open.index;
    const end = closingDiv(page, start + open[0].length);
    const boundary = moves.get(segment);
    if (end < 0 || !boundary) return undefined;
    const content = page.slice(start + open[0].length, end - '</div>'.length);
    page = page.slice(0, start) + page.slice(end);
    const hole = holeOf(boundary);
    if (page.split(hole).length !== 2) return undefined;
    page = page.replace(hole, () => `<!--$-->${content}`);
  }
  let unknown = false;
  page = page.replace(/<script>((?:(?!<\/script>)[\s\S])*?)<\/script>/g, (script, text: string) => {
    if (!text.includes('$RC("')) return script;
    const rest = text.replace(call, '').replace(/;+$/, '');
    if (rest !== '' && (!runtime.test(rest) || /\$R[A-Z]\("/.test(rest))) unknown = true;
    return '';
  });
  if (unknown || page.includes('$RC("') || /<template id="B:\d+"><\/template>/.test(page)) return undefined;
  return page;
}

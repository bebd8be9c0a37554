/**
 * The CSS text taken out of each exported page's inline framework payload (scripts/postbuild.ts).
 * With `experimental.inlineCss`, Next.js writes a page's CSS twice into its HTML: once as the
 * `<style data-precedence data-href="…">` in `<head>` that the first paint uses, and again (for
 * the layout's CSS, twice) as text rows of the React payload that `self.__next_f.push` carries at
 * the end of the body, one row per `<style href precedence>` element of the tree. React 19 treats
 * such an element as a resource keyed by its `href`: on hydration it finds the `<style>` already in
 * `<head>` whose `data-href` names that href and adopts it, never reading the text again. The text
 * was about 60 % of a page's HTML, which a slow phone parses before its first paint and before the
 * framework starts. A client-side navigation reads the next page's `.txt` payload, which keeps it.
 *
 * The payload is the stream of rows React's Flight client reads: `id:` and a tag, then either a
 * hexadecimal byte length and `,` (text and binary rows) or the rest of the line. Anything this
 * reader does not recognise (another kind of push, a row that does not parse back byte for byte, no
 * stylesheet text to take out) gives undefined, and the build stops. A stylesheet the head does not
 * hold keeps its text.
 */

/** `self.__next_f.push([1,"…"])`: a string chunk of the payload (JSON, with `<`, `>`, `&` escaped). */
const payloadPush = /<script>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g;
/** The inlined stylesheet in `<head>`: `data-href` lists the files whose text it holds. */
const headStyle = /<style data-precedence="[^"]*" data-href="([^"]+)">/g;
/** A JSON row: `id:` then an array or object, to the newline. */
const jsonRow = /^([0-9a-f]+):([[{].*)\n$/s;

/** Row tags followed by a byte length, as React's Flight client reads them; every other tag runs to the newline. */
const lengthTags = new Set('TAOobUSsLlGgMmV');

type Row = { id: string; text: string } | { line: string };

/** The payload's rows; undefined when it does not parse back to the same bytes. */
function rowsOf(stream: string): Row[] | undefined {
  const bytes = Buffer.from(stream, 'utf8');
  const rows: Row[] = [];
  let at = 0;
  while (at < bytes.length) {
    const colon = bytes.indexOf(':', at, 'utf8');
    const head = /^([0-9a-f]*):([A-Za-z#])?([0-9a-f]+)?,?/.exec(bytes.subarray(at, at + 40).toString('latin1'));
    if (colon < 0 || !head) return undefined;
    const [, id = '', tag, length] = head;
    if (tag && lengthTags.has(tag)) {
      if (tag !== 'T' || length === undefined || !head[0].endsWith(',')) return undefined;
      const start = at + head[0].length;
      const end = start + Number.parseInt(length, 16);
      if (end > bytes.length) return undefined;
      rows.push({ id, text: bytes.subarray(start, end).toString('utf8') });
      at = end;
    } else {
      const newline = bytes.indexOf('\n', at, 'utf8');
      const end = newline < 0 ? bytes.length : newline + 1;
      rows.push({ line: bytes.subarray(at, end).toString('utf8') });
      at = end;
    }
  }
  return streamOf(rows) === stream ? rows : undefined;
}

function streamOf(rows: readonly Row[]): string {
  return rows
    .map((row) =>
      'line' in row ? row.line : `${row.id}:T${Buffer.byteLength(row.text, 'utf8').toString(16)},${row.text}`,
    )
    .join('');
}

/** As Next.js writes a push: JSON with the characters that could end or confuse the script escaped. */
function pushOf(stream: string): string {
  const json = JSON.stringify([1, stream]).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script>self.__next_f.push(${json})</script>`;
}

/**
 * The page with its payload's stylesheet texts emptied (in one push, where the first one was) and
 * the number of texts emptied; undefined when the page has no payload or its shape is not the one
 * this reader knows.
 */
type StyleProps = { precedence?: unknown; href?: unknown; children?: unknown };

/** Every `["$","style",key,{…props}]` element of a row's value: a `<style>` of the tree. */
function styleProps(value: unknown, found: StyleProps[] = []): StyleProps[] {
  if (Array.isArray(value)) {
    const [dollar, type, , props] = value;
    if (dollar === '$' && type === 'style' && typeof props === 'object' && props !== null) found.push(props);
    for (const item of value) styleProps(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) styleProps(item, found);
  }
  return found;
}

/**
 * The page with its payload's stylesheet texts emptied (in one push, where the first one was) and
 * the number of texts emptied; undefined when the page has no payload or its shape is not the one
 * this reader knows. A stylesheet's text is a text row the `<style>` refers to (`"children":"$2a"`)
 * or, when short, a string in the element itself.
 */
export function withoutPayloadCss(html: string): { html: string; emptied: number } | undefined {
  const pushes = [...html.matchAll(payloadPush)];
  const parts = pushes.map((m) => JSON.parse(m[1] as string) as unknown[]);
  if (pushes.length === 0 || parts.some((p) => p.length !== 2 || p[0] !== 1 || typeof p[1] !== 'string')) {
    return undefined;
  }
  const rows = rowsOf(parts.map((p) => p[1]).join(''));
  if (!rows) return undefined;

  const inHead = new Set([...html.matchAll(headStyle)].flatMap((m) => (m[1] as string).split(' ')));
  const cssRows = new Set<string>();
  let emptied = 0;
  const lean: Row[] = [];
  for (const row of rows) {
    const json = 'line' in row ? jsonRow.exec(row.line) : null;
    if (!json) {
      lean.push(row);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(json[2] as string);
    } catch {
      return undefined;
    }
    let changed = false;
    for (const props of styleProps(value)) {
      // Kept: a stylesheet the head does not hold (a not-found boundary's, rendered only in the browser).
      if (typeof props.precedence !== 'string' || typeof props.href !== 'string' || !inHead.has(props.href)) continue;
      if (typeof props.children !== 'string') return undefined;
      const ref = /^\$([0-9a-f]+)$/.exec(props.children)?.[1];
      if (ref !== undefined) cssRows.add(ref);
      else if (props.children !== '') {
        props.children = '';
        changed = true;
        emptied++;
      }
    }
    if (changed && JSON.stringify(JSON.parse(json[2] as string)) !== json[2]) return undefined;
    lean.push(changed ? { line: `${json[1]}:${JSON.stringify(value)}\n` } : row);
  }
  const stream = streamOf(
    lean.map((row) => {
      if (!('text' in row) || !cssRows.has(row.id)) return row;
      if (row.text !== '') emptied++;
      return { id: row.id, text: '' };
    }),
  );
  if (emptied === 0) return undefined;

  const first = pushes[0]?.index ?? 0;
  let out = '';
  let from = 0;
  for (const m of pushes) {
    out += html.slice(from, m.index) + (m.index === first ? pushOf(stream) : '');
    from = (m.index ?? 0) + m[0].length;
  }
  return { html: out + html.slice(from), emptied };
}

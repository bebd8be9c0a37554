import { withoutPayloadCss } from '@/lib/payload-css';

// The shape of an exported page as Next.js 16 writes it with inlineCss: the CSS in <head>, and again
// as text rows of the payload, split across pushes wherever the stream was flushed.
const css = '.a{color:red}.b::after{content:"é → <x>"}';
const text = (id: string, t: string) => `${id}:T${Buffer.byteLength(t).toString(16)},${t}`;
const rowsWith = (styleText: string, shortText: string) =>
  [
    '1:"$Sreact.fragment"\n',
    text('2', styleText),
    ':HL["/img/hero.webp","image"]\n',
    '0:{"c":["","about"],"r":["$","style","0",{"nonce":"$undefined","precedence":"next","href":"/_next/static/chunks/a.css","children":"$2"}]}\n',
    text('3', 'Long text é'),
    '4:["$","p",null,{"children":"$3"}]\n',
    text('5', styleText),
    '6:["$","style","0",{"nonce":"$undefined","precedence":"next","href":"/_next/static/chunks/a.css","children":"$5"}]\n',
    // A short stylesheet is a string in the element itself.
    `7:["$","div",null,{"children":[["$","style","1",{"precedence":"next","href":"/_next/static/chunks/b.css","children":${JSON.stringify(shortText)}}],"$L8"]}]\n`,
  ].join('');
const short = '.c{top:0}.d{content:"{"}';
const rows = rowsWith(css, short);
const escapeForScript = (json: string) => json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
const push = (text: string) => `<script>self.__next_f.push(${escapeForScript(JSON.stringify([1, text]))})</script>`;
const pageOf = (stream: string, cut: number) =>
  [
    '<!DOCTYPE html><html><head>',
    `<style data-precedence="next" data-href="/_next/static/chunks/a.css /_next/static/chunks/b.css">${css}</style>`,
    '</head><body><main><p>Long text é</p></main>',
    '<script>(self.__next_f=self.__next_f||[]).push([0])</script>',
    push(stream.slice(0, cut)),
    '<p hidden>between</p>',
    push(stream.slice(cut)),
    '</body></html>',
  ].join('');
const payloadOf = (html: string) =>
  [...html.matchAll(/self\.__next_f\.push\((\[1,[\s\S]*?\])\)/g)]
    .map((m) => (JSON.parse(m[1] as string) as [number, string])[1])
    .join('');

describe('withoutPayloadCss', () => {
  it('empties the stylesheet texts that the head holds, keeps every other row, and writes one push', () => {
    // Cut in the middle of the first CSS row, as a flush can.
    const page = pageOf(rows, rows.indexOf('.b::'));
    const lean = withoutPayloadCss(page);
    expect(lean?.emptied).toBe(3);
    const html = lean?.html ?? '';
    expect(html.match(/self\.__next_f\.push\(\[1,/g)).toHaveLength(1);
    expect(payloadOf(html)).toBe(rowsWith('', ''));
    expect(html).toContain(
      `<style data-precedence="next" data-href="/_next/static/chunks/a.css /_next/static/chunks/b.css">${css}</style>`,
    );
    expect(html).toContain('<p hidden>between</p>');
    expect(html).not.toMatch(/push\(\[1,"[^"]*<x>/);
  });

  it('keeps the text of a stylesheet the head does not hold', () => {
    const other = rows.replace(/chunks\/a\.css/g, 'chunks/c.css');
    const lean = withoutPayloadCss(pageOf(other, 10));
    expect(lean?.emptied).toBe(1);
    expect(payloadOf(lean?.html ?? '')).toBe(other.replace(JSON.stringify(short), '""'));
  });

  it('refuses a payload it cannot read back byte for byte, or a kind of push it does not know', () => {
    const wrongLength = rows.replace(/^(1:[^\n]*\n)2:T[0-9a-f]+,/, '$12:Tfff,');
    expect(withoutPayloadCss(pageOf(wrongLength, 10))).toBeUndefined();
    const binary = pageOf(rows, 10).replace('</body>', '<script>self.__next_f.push([3,"AAAA"])</script></body>');
    expect(withoutPayloadCss(binary)).toBeUndefined();
    expect(withoutPayloadCss('<html><body><p>plain</p></body></html>')).toBeUndefined();
  });
});

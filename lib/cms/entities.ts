const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  rupee: '₹',
  middot: '·',
  bull: '•',
  times: '×',
  deg: '°',
  euro: '€',
  pound: '£',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  aacute: 'á',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  ntilde: 'ñ',
  ccedil: 'ç',
};

/** Decodes HTML character references (&#8217;, &#x2019;, &amp; …) as WordPress writes them in rendered text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/gi, (match, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return match;
      return String.fromCodePoint(code);
    }
    return named[ref] ?? named[ref.toLowerCase()] ?? match;
  });
}

/** Plain text of a WordPress HTML fragment: tags dropped, entities decoded, whitespace tidied. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h[1-6]|li)>/gi, '\n\n');
  const stripped = withBreaks.replace(/<[^>]*>/g, '');
  return decodeEntities(stripped)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** Paragraphs of a WordPress text or HTML field (separated by blank lines or paragraph tags). */
export function htmlToParagraphs(html: string): string[] {
  return htmlToText(html)
    .split(/\n{2,}/)
    .map((p) => p.replace(/\n/g, ' ').trim())
    .filter((p) => p.length > 0);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The option a link's query value names: its value or slug, or an option whose slug ends with it. */
export function optionFromLink(options: readonly string[], wanted: string): string | undefined {
  const s = slug(wanted);
  if (s === '') return undefined;
  return options.find((o) => o === wanted || slug(o) === s) ?? options.find((o) => slug(o).endsWith(`-${s}`));
}

/** The navigation bar's theme: 'dark' over bright sections, 'light' otherwise. */
export type NavTheme = 'light' | 'dark';

/** Brightness above which a section counts as bright (spec: 200 of 255). */
const BRIGHTNESS_THRESHOLD = 200;
/** Share of a section that must be visible for it to count as the section in view. */
export const SECTION_VISIBILITY = 0.5;
/** Scroll distance after which the bar takes its scrolled style. */
export const SCROLLED_THRESHOLD = 50;
/** Delay before a hovered dropdown closes once the pointer leaves it. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;
/** Widths at or below this use the mobile menu. */
export const MOBILE_MAX_WIDTH = 768;

/** Parses a computed CSS colour (`rgb(…)`/`rgba(…)`) into channels, or null when transparent or unknown. */
export function parseRgb(color: string): { r: number; g: number; b: number } | null {
  const m =
    /^rgba?\(\s*(\d+(?:\.\d+)?)[\s,]+(\d+(?:\.\d+)?)[\s,]+(\d+(?:\.\d+)?)(?:[\s,/]+(\d*\.?\d+)(%)?)?\s*\)$/.exec(
      color.trim(),
    );
  if (!m) return null;
  const alphaRaw = m[4];
  const alpha = alphaRaw === undefined ? 1 : Number(alphaRaw) / (m[5] ? 100 : 1);
  if (alpha === 0) return null;
  return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]) };
}

/** Perceived brightness (0–255) with the usual YIQ weights. */
export function brightness({ r, g, b }: { r: number; g: number; b: number }): number {
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** The bar's theme over a background of the given brightness. */
export function themeForBrightness(value: number): NavTheme {
  return value > BRIGHTNESS_THRESHOLD ? 'dark' : 'light';
}

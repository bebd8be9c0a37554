import { browserStorage } from '@/lib/browser-storage';
import { whenIdle } from '@/lib/when-idle';

/**
 * Inter after the first visit. A first visit on a slow phone never showed Inter anyway (it is
 * `display: optional` and not preloaded, so it arrives after the first paint and is then left
 * unused), but its 48 KB shared the line with the page's HTML and scripts. Now the pages use the
 * system font until this browser holds Inter: once a page has loaded and the phone is idle,
 * `warmFonts` fetches it into the cache and notes that in localStorage (no personal data, one key);
 * from then on the inline head script (`fontsHeadScript`) marks `<html data-fonts>` before the
 * first paint and the stylesheet puts Inter first (`:root[data-fonts]` in app/globals.css). Without
 * JavaScript the pages keep the system font.
 */

/** The localStorage key that says this browser has fetched the site's font. */
export const fontsKey = 'one11-fonts';

/** Runs in `<head>` before the body is parsed: Inter is wanted when this browser already fetched it. */
export const fontsHeadScript = `try{localStorage.getItem(${JSON.stringify(fontsKey)})&&document.documentElement.setAttribute("data-fonts","")}catch(e){}`;

/**
 * Fetches the font (the first family of `fontFamily`, a CSS family list; its size-matched local
 * fallback after it is not fetched) into the browser's cache, without changing the page on screen,
 * which does not use it yet, and remembers that it did; true when the font is in the cache now.
 */
export async function warmFonts(
  fontFamily: string,
  browser: { fonts: Pick<FontFaceSet, 'load'>; storage: Pick<Storage, 'getItem' | 'setItem'> | undefined },
): Promise<boolean> {
  if (browser.storage?.getItem(fontsKey)) return true;
  try {
    const faces = await browser.fonts.load(`1em ${fontFamily.split(',')[0]}`);
    if (faces.length === 0) return false;
    browser.storage?.setItem(fontsKey, '1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Once the page has loaded and the phone is idle: the site's font into the cache, for the next
 * page. Returns how to cancel it (a React effect's cleanup).
 */
export function warmFontsWhenIdle(fontFamily: string): () => void {
  return whenIdle(() => void warmFonts(fontFamily, { fonts: document.fonts, storage: browserStorage('local') }));
}

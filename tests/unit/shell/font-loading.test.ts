import { fontsHeadScript, fontsKey, warmFonts } from '@/lib/font-loading';

/**
 * The rules of "Inter after the first visit". The browser's FontFaceSet is a stand-in here (jsdom
 * has none); tests/e2e/pages-fonts.spec.ts does it in Chromium.
 */

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const kept = new Map<string, string>();
  return { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => void kept.set(k, v) };
}

const fontsLoading = (result: () => Promise<unknown[]>) => {
  const asked: string[] = [];
  return {
    asked,
    fonts: {
      load: (font: string) => {
        asked.push(font);
        return result() as Promise<FontFace[]>;
      },
    },
  };
};

test('fetches the first family of the list, then remembers it', async () => {
  const storage = memoryStorage();
  const { fonts, asked } = fontsLoading(async () => [{}]);
  expect(await warmFonts("'inter', 'inter Fallback'", { fonts, storage })).toBe(true);
  expect(asked).toEqual(["1em 'inter'"]);
  expect(storage.getItem(fontsKey)).toBe('1');
  // Known: not asked again.
  expect(await warmFonts("'inter', 'inter Fallback'", { fonts, storage })).toBe(true);
  expect(asked).toHaveLength(1);
});

test('remembers nothing when the font did not load or matched no face', async () => {
  const storage = memoryStorage();
  expect(await warmFonts("'inter'", { ...fontsLoading(() => Promise.reject(new Error('network'))), storage })).toBe(
    false,
  );
  expect(await warmFonts("'inter'", { ...fontsLoading(async () => []), storage })).toBe(false);
  expect(storage.getItem(fontsKey)).toBeNull();
});

test('the head script marks the page only when the font was fetched before', () => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-fonts');
  new Function(fontsHeadScript)();
  expect(document.documentElement.hasAttribute('data-fonts')).toBe(false);
  localStorage.setItem(fontsKey, '1');
  new Function(fontsHeadScript)();
  expect(document.documentElement.hasAttribute('data-fonts')).toBe(true);
});

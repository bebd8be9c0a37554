/** Largest vertical offset of a moments image, in pixels. */
export const MOMENT_MAX_OFFSET_PX = 36;

/** FNV-1a hash of a string, as an unsigned 32-bit number. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The small "random" vertical offset of a moments image: derived from the image's id, so every
 * visitor of a build sees the same layout and the static HTML matches what the browser renders.
 */
export function momentOffset(id: string | number, max = MOMENT_MAX_OFFSET_PX): number {
  return fnv1a(String(id)) % (max + 1);
}

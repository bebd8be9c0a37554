/** The story carousel's constants (spec §9). */
export const CAROUSEL_START_INDEX = 2;

/** `index` wrapped into 0…total-1 (also for negative numbers). */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return ((index % total) + total) % total;
}

/** The indices shown around `center`: the one before, the centre and the one after, wrapping. */
export function visibleIndices(center: number, total: number): [number, number, number] {
  return [wrapIndex(center - 1, total), wrapIndex(center, total), wrapIndex(center + 1, total)];
}

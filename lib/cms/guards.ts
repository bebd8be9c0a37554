/** Shape checks shared by the CMS readers (snapshots, collections, WordPress answers). */
import { isRecord } from '@/lib/guards';
import type { CmsImage } from './types';

export { isRecord };

export const isString = (value: unknown): value is string => typeof value === 'string';

/** A local image as a snapshot holds it: id, a site path, alt text and its size. */
export function isCmsImage(value: unknown): value is CmsImage {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    isString(value.src) &&
    value.src.startsWith('/') &&
    isString(value.alt) &&
    typeof value.width === 'number' &&
    typeof value.height === 'number'
  );
}

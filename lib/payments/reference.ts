import { browserStorage } from '@/lib/browser-storage';
import type { ReferencePrefix } from './payables';

const STORAGE_PREFIX = 'payment:reference:';
const RANDOM_LENGTH = 8;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A new payment reference: the prefix, the time in base 36 and eight random characters, upper case
 * and alphanumeric (about 18 characters; UPI allows 35). Staff match it to the chat message.
 */
export function createReference(
  prefix: ReferencePrefix,
  now: number = Date.now(),
  randomBytes: (count: number) => Uint8Array = defaultRandomBytes,
): string {
  const bytes = randomBytes(RANDOM_LENGTH);
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return `${prefix}${now.toString(36).toUpperCase()}${random}`;
}

/** The reference of this visit: the one kept for this tab (so a reload keeps it), or a new one, saved. */
export function visitReference(
  prefix: ReferencePrefix,
  storage: Storage | undefined = browserStorage('session'),
): string {
  const key = STORAGE_PREFIX + prefix;
  try {
    const kept = storage?.getItem(key);
    if (kept && /^[A-Z0-9]{1,35}$/.test(kept) && kept.startsWith(prefix)) return kept;
  } catch {
    // Storage blocked: a reference for this page view only.
  }
  const fresh = createReference(prefix);
  try {
    storage?.setItem(key, fresh);
  } catch {
    // Same as above: the reference still works, it just does not survive a reload.
  }
  return fresh;
}

function defaultRandomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function')
    return crypto.getRandomValues(bytes);
  for (let i = 0; i < count; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

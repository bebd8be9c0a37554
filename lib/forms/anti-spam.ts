/**
 * Two checks that cost nothing against form spam: a hidden honeypot field that people never see and
 * bots fill in, and a minimum time between the form appearing and its submission.
 */

/** Name of the hidden field; never part of a payload. */
export const HONEYPOT_NAME = 'website';

/** Default minimum time, in milliseconds, between the form appearing and its submission. */
export const MIN_FILL_MS = 3000;

/** What the visitor sees when the form was sent faster than a person could fill it. */
export const tooFastMessage = 'Please take a moment to check your details, then send again.';

/**
 * When the visitor first saw the form, in epoch milliseconds (comparable with Date.now()): for a form
 * that came with the page's HTML (`hydrating`), the page's first paint (or its start, without paint
 * timing), since the visitor may read and type before the script runs; else now.
 */
export function pageShownAt(hydrating: boolean): number {
  if (!hydrating || typeof performance === 'undefined') return Date.now();
  const paint = performance.getEntriesByName?.('first-contentful-paint')[0]?.startTime ?? 0;
  return Math.min(Date.now(), performance.timeOrigin + paint);
}

export type SpamVerdict = 'ok' | 'bot' | 'too-fast';

/** Judges a submit attempt: a filled honeypot means a bot; too little time since `startedAt` means too fast. */
export function spamVerdict(input: {
  honeypot: string;
  startedAt: number;
  now: number;
  minFillMs: number;
}): SpamVerdict {
  if (input.honeypot.trim() !== '') return 'bot';
  if (input.now - input.startedAt < input.minFillMs) return 'too-fast';
  return 'ok';
}

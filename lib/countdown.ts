/** The spec's launch countdown, used when no launch moment is set: 30 d 12 h 45 min 20 s (in seconds). */
export const COUNTDOWN_START_SECONDS = ((30 * 24 + 12) * 60 + 45) * 60 + 20;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a number of seconds (clamped at zero) into days, hours, minutes and seconds. */
export function splitSeconds(total: number): CountdownParts {
  const s = Math.max(0, Math.floor(total));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3_600),
    minutes: Math.floor((s % 3_600) / 60),
    seconds: s % 60,
  };
}

/** What the countdown counts towards: a fixed span from when the page opens (spec), or a real moment. */
export type CountdownTarget = { kind: 'span'; seconds: number } | { kind: 'moment'; atMs: number };

/** Seconds left at `nowMs` (never below zero); `openedAtMs` is when the page started counting. */
export function secondsLeft(target: CountdownTarget, openedAtMs: number, nowMs: number): number {
  const endMs = target.kind === 'span' ? openedAtMs + target.seconds * 1000 : target.atMs;
  return Math.max(0, Math.ceil((endMs - nowMs) / 1000));
}

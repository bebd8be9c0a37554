/** The launch countdown's starting value: 30 days, 12 hours, 45 minutes, 20 seconds (in seconds). */
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

/** Seconds left, from the start value and the time elapsed since the countdown began. */
export function remainingSeconds(startSeconds: number, startedAtMs: number, nowMs: number): number {
  return Math.max(0, startSeconds - Math.floor((nowMs - startedAtMs) / 1000));
}

/** Shape checks for values read from JSON (the service's answers, WordPress's, files), shared everywhere. */

/** A plain object (not null, not a list). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

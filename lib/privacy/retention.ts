/**
 * How long each form's submissions are kept, in days, before the daily purge erases them (with
 * their history, queued e-mail records and unverified payment claims). The periods follow each
 * form's purpose: a question is answered within weeks; a request for work may turn into a project
 * and its follow-up; a course registration is needed for the certificate and its verification
 * later. RETENTION_DAYS overrides any of them, e.g. `query=180,talent-show=365`.
 */
export const defaultRetentionDays: Readonly<Record<string, number>> = {
  query: 365,
  'service-request': 730,
  'pro-audio': 730,
  'talent-show': 365,
  masterclass: 730,
  certification: 1095,
  diploma: 1095,
};

/** Forms not listed above (a form added later) are kept this long. */
export const fallbackRetentionDays = 730;

/** The shortest and longest period a setting may give. */
const bounds = { min: 7, max: 3650 } as const;

/** Parses `form=days,form=days`; an error names the first bad item. */
export function parseRetention(raw: string): Record<string, number> | { error: string } {
  const out: Record<string, number> = {};
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const match = /^([a-z][a-z0-9-]{0,40})=(\d{1,5})$/.exec(item);
    if (!match?.[1] || !match[2]) return { error: `must be form=days pairs separated by commas (bad item "${item}")` };
    const days = Number(match[2]);
    if (days < bounds.min || days > bounds.max)
      return { error: `gives ${match[1]} ${days} days; a period is ${bounds.min} to ${bounds.max} days` };
    out[match[1]] = days;
  }
  return out;
}

/** The period of one form with the overrides applied. */
export function retentionDaysOf(form: string, overrides: Readonly<Record<string, number>> = {}): number {
  return overrides[form] ?? defaultRetentionDays[form] ?? fallbackRetentionDays;
}

/** A period in words for notices: "1 year", "3 years", "18 months", "90 days". */
export function periodInWords(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  if (days % 30 === 0) return `${days / 30} months`;
  return `${days} days`;
}

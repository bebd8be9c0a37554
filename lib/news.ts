import type { NewsItem } from '@/content/news';

const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The day in India at `ms`, as YYYY-MM-DD. Safe in the browser. */
export function indiaDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The news still current on `day` (YYYY-MM-DD): an item stays through its own date, then leaves. */
export function currentNews<T extends Pick<NewsItem, 'date'>>(items: readonly T[], day: string): T[] {
  return items.filter((item) => item.date >= day);
}

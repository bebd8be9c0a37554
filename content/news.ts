/**
 * The institute's news panel, "Right Now at" the institute (spec §2.5). Editors manage the items in
 * WordPress (News); the build reads them from the snapshot (content/cms/news.json, or the build's
 * own pull). The first item is the highlight. Which items show on a day is lib/news.ts's rule
 * (currentNews): from publication until NEWS_SHOWN_DAYS after the item's date.
 */
import { getCollection } from '@/lib/cms';

export interface NewsItem {
  /** ISO date: the day the news is about, past or upcoming. */
  date: string;
  title: string;
  text: string;
  /** Where "Read more" leads: a site path or an http(s) address. */
  link?: string;
}

/**
 * The news, read from the snapshot when a page is built (not when this module is imported), the
 * highlight first (the pull refuses a news collection without any item, so there is one).
 */
export const news = (): NewsItem[] =>
  getCollection('news').map(({ date, title, text, link }) => ({ date, title, text, ...(link ? { link } : {}) }));

export const newsMore = { label: 'MORE', href: '/query', hint: 'Ask us about upcoming workshops and batches' } as const;

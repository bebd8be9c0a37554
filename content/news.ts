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

const news: NewsItem[] = getCollection('news').map(({ date, title, text, link }) => ({
  date,
  title,
  text,
  ...(link ? { link } : {}),
}));

// The pull refuses a news collection without any item, so there is always a first one.
export const newsHighlight: NewsItem = news[0] as NewsItem;

export const newsItems: readonly NewsItem[] = news.slice(1);

export const newsMore = { label: 'MORE', href: '/query', hint: 'Ask us about upcoming workshops and batches' } as const;

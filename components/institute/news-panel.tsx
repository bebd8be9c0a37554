'use client';

import { SiteLink } from '@/components/shell/site-link';
import { useEffect, useState } from 'react';
import type { NewsItem } from '@/content/news';
import { currentNews, indiaDay } from '@/lib/news';
import styles from './institute.module.css';

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A news date as shown, e.g. 1 July 2025. */
function NewsDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateFormat.format(new Date(`${iso}T00:00:00Z`))}</time>;
}

function ReadMore({ item }: { item: NewsItem }) {
  if (!item.link) return null;
  const external = /^https?:/.test(item.link);
  return (
    <p>
      <a href={item.link} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        Read more<span className="visually-hidden"> about {item.title}</span>
        {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      </a>
    </p>
  );
}

interface NewsPanelProps {
  instituteName: string;
  /** The news current when the site was built, in editors' order: the first is the highlight. */
  items: readonly NewsItem[];
  more: { label: string; href: string; hint: string };
}

/**
 * "Right Now at" the institute: one highlighted item, the others, and MORE. The build passes the
 * news shown that day (lib/news.ts currentNews); in the browser, the same rule runs again on
 * India's date, so an item that leaves after the build leaves without waiting for the next one.
 */
export function NewsPanel({ instituteName, items, more }: NewsPanelProps) {
  const [today, setToday] = useState<string | null>(null);
  useEffect(() => setToday(indiaDay(Date.now())), []);
  const [highlight, ...rest] = today ? currentNews(items, today) : items;
  return (
    <section className="section" aria-labelledby="news-heading" data-testid="news-panel">
      <div className="container">
        <h2 id="news-heading">Right Now at {instituteName}</h2>
        {highlight ? (
          <div className={styles.news}>
            <article className={styles.newsHighlight} data-testid="news-item">
              <p className={styles.newsDate}>
                <NewsDate iso={highlight.date} />
              </p>
              <h3>{highlight.title}</h3>
              <p>{highlight.text}</p>
              <ReadMore item={highlight} />
            </article>
            <ul className={styles.newsList}>
              {rest.map((item) => (
                <li key={`${item.date} ${item.title}`} data-testid="news-item">
                  <p className={styles.newsDate}>
                    <NewsDate iso={item.date} />
                  </p>
                  <h3 className={styles.newsTitle}>{item.title}</h3>
                  <p className="muted">{item.text}</p>
                  <ReadMore item={item} />
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="muted">No news right now: new workshops and batches are announced here.</p>
        )}
        <p className={styles.more}>
          <SiteLink href={more.href} className="btn btn-ghost" aria-describedby="news-more-hint">
            {more.label}
          </SiteLink>
          <span id="news-more-hint" className="muted">
            {more.hint}
          </span>
        </p>
      </div>
    </section>
  );
}

import Link from 'next/link';
import type { NewsItem } from '@/content/news';
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

interface NewsPanelProps {
  instituteName: string;
  highlight: NewsItem;
  items: readonly NewsItem[];
  more: { label: string; href: string; hint: string };
}

/** "Right Now at" the institute: one highlighted item, two more, and MORE. */
export function NewsPanel({ instituteName, highlight, items, more }: NewsPanelProps) {
  return (
    <section className="section" aria-labelledby="news-heading">
      <div className="container">
        <h2 id="news-heading">Right Now at {instituteName}</h2>
        <div className={styles.news}>
          <article className={styles.newsHighlight}>
            <p className={styles.newsDate}>
              <NewsDate iso={highlight.date} />
            </p>
            <h3>{highlight.title}</h3>
            <p>{highlight.text}</p>
          </article>
          <ul className={styles.newsList}>
            {items.map((item) => (
              <li key={item.title}>
                <p className={styles.newsDate}>
                  <NewsDate iso={item.date} />
                </p>
                <h3 className={styles.newsTitle}>{item.title}</h3>
                <p className="muted">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
        <p className={styles.more}>
          <Link href={more.href} className="btn btn-ghost" aria-describedby="news-more-hint">
            {more.label}
          </Link>
          <span id="news-more-hint" className="muted">
            {more.hint}
          </span>
        </p>
      </div>
    </section>
  );
}

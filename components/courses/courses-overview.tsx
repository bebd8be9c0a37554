import { ScrollTopLink } from '@/components/shell/scroll-top-link';
import type { CourseCard } from '@/content/courses';
import { resizedSrc } from '@/lib/images/manifest';
import styles from './courses.module.css';

interface CoursesOverviewProps {
  title: string;
  tagline: string;
  cards: readonly CourseCard[];
}

/** "The Courses We Offer": two cards, each with a certification and a diploma link. */
export function CoursesOverview({ title, tagline, cards }: CoursesOverviewProps) {
  return (
    <section className="section section-light" aria-labelledby="courses-heading" id="courses">
      <div className="container">
        <h2 id="courses-heading">{title}</h2>
        <p className={styles.tagline}>{tagline}</p>
        <div className={styles.cards}>
          {cards.map((card) => (
            <article key={card.id} className={styles.card} aria-labelledby={`course-${card.id}`}>
              <img
                src={resizedSrc(card.image.src, 2 * card.image.width)}
                alt={card.image.alt}
                width={card.image.width}
                height={card.image.height}
                loading="lazy"
              />
              <div className={styles.cardBody}>
                <span className={styles.number} aria-hidden="true">
                  {card.number}
                </span>
                <h3 id={`course-${card.id}`}>{card.title}</h3>
                <p>{card.description}</p>
                <div className={styles.links}>
                  {[card.link1, card.link2].map((link) => (
                    <ScrollTopLink
                      key={link.href}
                      href={link.href}
                      className="btn btn-primary"
                      aria-describedby={`course-${card.id}`}
                    >
                      {link.label}
                    </ScrollTopLink>
                  ))}
                </div>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

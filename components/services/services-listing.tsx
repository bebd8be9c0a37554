import { ScrollTopLink } from '@/components/shell/scroll-top-link';
import { SiteLink } from '@/components/shell/site-link';
import type { NavLink } from '@/content/navigation';
import type { ServiceCard } from '@/content/services';
import { resizedSrc } from '@/lib/images/manifest';
import styles from './services.module.css';

interface ServicesListingProps {
  heading: string;
  tagline: string;
  buttonLabel: string;
  cards: readonly ServiceCard[];
  /** The call to action under the cards: booking studio time. */
  book: { text: string; link: NavLink };
}

/**
 * "Services We Offer": each card's Further Details opens the card's service page and scrolls
 * smoothly to its top. That page renders from the same record (content/services.ts, keyed by the
 * route), which is how the service is passed along.
 */
export function ServicesListing({ heading, tagline, buttonLabel, cards, book }: ServicesListingProps) {
  return (
    <section className="section section-light" aria-labelledby="services-listing-heading">
      <div className="container">
        <h2 id="services-listing-heading">{heading}</h2>
        <p className={styles.tagline}>{tagline}</p>
        <ul className={styles.cards}>
          {cards.map((card, i) => (
            <li key={card.title} className={styles.card}>
              <img
                src={resizedSrc(card.image, 128)}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className={styles.icon}
              />
              <h3 id={`service-card-${i}`}>{card.title}</h3>
              <p>{card.desc}</p>
              <ScrollTopLink href={card.link1} className="btn btn-primary" aria-describedby={`service-card-${i}`}>
                {buttonLabel}
              </ScrollTopLink>
            </li>
          ))}
        </ul>
        <p className={styles.book}>
          {book.text}{' '}
          <SiteLink href={book.link.href} className="btn btn-primary">
            {book.link.label}
          </SiteLink>
        </p>
      </div>
    </section>
  );
}

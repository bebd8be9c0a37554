import { ScrollTopLink } from '@/components/shell/scroll-top-link';
import type { ServiceCard } from '@/content/services';
import { resizedSrc } from '@/lib/images/manifest';
import styles from './services.module.css';

interface ServicesListingProps {
  heading: string;
  tagline: string;
  buttonLabel: string;
  cards: readonly ServiceCard[];
}

/**
 * "Services We Offer": each card's Further Details opens the card's service page and scrolls
 * smoothly to its top. That page renders from the same record (content/services.ts, keyed by the
 * route), which is how the service is passed along.
 */
export function ServicesListing({ heading, tagline, buttonLabel, cards }: ServicesListingProps) {
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
      </div>
    </section>
  );
}

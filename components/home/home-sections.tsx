import { SiteLink } from '@/components/shell/site-link';
import type { ArtistProfile } from '@/content/artists';
import type { homeCopy } from '@/content/home';
import { Picture } from '@/components/ui/picture';
import { Section } from '@/components/ui/section';
import { TitledSection } from '@/components/ui/titled-section';
import { formatRupees } from '@/lib/payments/money';
import styles from './home.module.css';

type Copy = typeof homeCopy;

/** The home page's opening: heading, lead and the two main ways in. */
export function HomeHero({ copy }: { copy: Copy['hero'] }) {
  return (
    <section className={styles.hero}>
      <Picture
        className={styles.heroImage}
        src={copy.image.src}
        alt=""
        width={copy.image.width}
        height={copy.image.height}
        sizes="100vw"
        maxWidth={1280}
        fetchPriority="high"
      />
      <div className={`container ${styles.heroInner}`}>
        <span className="eyebrow">{copy.eyebrow}</span>
        <h1>{copy.heading}</h1>
        <p className={styles.lead}>{copy.lead}</p>
        <div className={styles.actions}>
          <SiteLink href={copy.primary.href} className="btn btn-primary">
            {copy.primary.label}
          </SiteLink>
          <SiteLink href={copy.secondary.href} className="btn btn-ghost">
            {copy.secondary.label}
          </SiteLink>
        </div>
      </div>
    </section>
  );
}

/** The masterclass promotion: its price comes from content/prices.ts, in paise. */
export function MasterclassPromo({ copy, pricePaise }: { copy: Copy['masterclass']; pricePaise: number }) {
  return (
    <Section labelledBy="masterclass-heading" className="section-light" containerClassName={styles.promoCard}>
      <div>
        <span className="eyebrow">{copy.eyebrow}</span>
        <h2 id="masterclass-heading">{copy.heading}</h2>
        <p>{copy.text}</p>
      </div>
      <div className={styles.priceBox}>
        <p className={styles.price}>
          <span data-testid="masterclass-price">{formatRupees(pricePaise)}</span>{' '}
          <span className={styles.priceNote}>{copy.priceNote}</span>
        </p>
        <SiteLink href={copy.button.href} className="btn btn-primary">
          {copy.button.label}
        </SiteLink>
      </div>
    </Section>
  );
}

/** Three artist profiles from the record label, and a link to the About page. */
export function LatestArtists({ copy, artists }: { copy: Copy['artists']; artists: readonly ArtistProfile[] }) {
  return (
    <TitledSection name="artists" eyebrow={copy.eyebrow} heading={copy.heading} lead={copy.lead}>
      <ul className={styles.artists}>
        {artists.map((artist) => (
          <li key={artist.name} className={styles.artist}>
            <Picture
              src={artist.image.src}
              alt={`Portrait of ${artist.name}`}
              width={artist.image.width}
              height={artist.image.height}
              sizes="(max-width: 640px) 100vw, 33vw"
              maxWidth={412}
              loading="lazy"
            />
            <h3>{artist.name}</h3>
            <p className={styles.role}>{artist.role}</p>
            <p className="muted">{artist.bio}</p>
          </li>
        ))}
      </ul>
      <SiteLink href={copy.button.href} className="btn btn-ghost">
        {copy.button.label}
      </SiteLink>
    </TitledSection>
  );
}

/** The studio's rating note, linking to its reviews on the map. */
export function RatingNote({ copy, mapLink }: { copy: Copy['rating']; mapLink: string }) {
  return (
    <Section labelledBy="rating-heading" className="section-light" containerClassName={styles.rating}>
      <p className={styles.stars} aria-hidden="true">
        ★★★★★
      </p>
      <h2 id="rating-heading">{copy.heading}</h2>
      <p>{copy.text}</p>
      <a href={mapLink} target="_blank" rel="noopener noreferrer">
        {copy.linkLabel}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </Section>
  );
}

/** The call to apply for a service. */
export function ApplyCta({ copy }: { copy: Copy['apply'] }) {
  return (
    <TitledSection name="apply" containerClassName={styles.apply} heading={copy.heading} lead={copy.text}>
      <SiteLink href={copy.button.href} className="btn btn-primary">
        {copy.button.label}
      </SiteLink>
    </TitledSection>
  );
}

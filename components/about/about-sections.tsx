import type { aboutCopy } from '@/content/about';
import type { GalleryItem } from '@/content/gallery';
import type { Studio } from '@/content/studio';
import type { TimelineEntry } from '@/content/timeline';
import { PageHero } from '@/components/ui/page-hero';
import { Picture } from '@/components/ui/picture';
import { Section } from '@/components/ui/section';
import { resizedSrc } from '@/lib/images/manifest';
import { TitledSection } from '@/components/ui/titled-section';
import styles from './about.module.css';
import { NearbyMap } from './nearby-map';

type Copy = typeof aboutCopy;

/** The welcome banner and the studio description with its picture (anchor about-section). */
export function AboutIntro({ copy, studioName }: { copy: Pick<Copy, 'welcome' | 'description'>; studioName: string }) {
  const { welcome, description } = copy;
  return (
    <>
      <PageHero
        className={styles.welcome}
        eyebrow={welcome.eyebrow}
        heading={welcome.heading.replace('{studio}', studioName)}
        lead={welcome.lead}
        leadClassName={styles.lead}
      />
      <Section
        labelledBy="about-description-heading"
        id="about-section"
        className="section-light"
        containerClassName={styles.split}
      >
        <div>
          <h2 id="about-description-heading">{description.heading}</h2>
          {description.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <img
          className={styles.picture}
          src={resizedSrc(description.image.src, 2 * description.image.width)}
          alt={description.image.alt}
          width={description.image.width}
          height={description.image.height}
        />
      </Section>
    </>
  );
}

/** "Our Story": the timeline from August 2022 (anchor our-stories). */
export function StoryTimeline({ copy, entries }: { copy: Copy['story']; entries: readonly TimelineEntry[] }) {
  return (
    <TitledSection name="our-stories" anchor heading={copy.heading} lead={copy.lead}>
      <ol className={styles.timeline}>
        {entries.map((entry) => (
          <li key={entry.date} className={styles.entry}>
            <p className={styles.date}>{entry.date}</p>
            <p className={styles.entryText}>{entry.text}</p>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}

/** "Gallery": a woven list of 3 columns with 10 px gaps and lazy thumbnails (anchor our-gallery). */
export function Gallery({ copy, items }: { copy: Copy['gallery']; items: readonly GalleryItem[] }) {
  return (
    <TitledSection name="our-gallery" anchor className="section-light" heading={copy.heading} lead={copy.lead}>
      <ul className={styles.gallery} data-testid="gallery">
        {items.map((item) => (
          <li key={item.img} className={styles.galleryItem}>
            <Picture
              src={item.img}
              alt={item.title}
              title={item.title}
              width={item.width}
              height={item.height}
              sizes="(max-width: 640px) 50vw, 300px"
              maxWidth={300}
              loading="lazy"
            />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** "Location": the address and the embedded map, 500 px high, loaded when the visitor nears it (anchor our-location). */
export function Location({ copy, studio }: { copy: Copy['location']; studio: Studio }) {
  const { street, city, region, postalCode } = studio.address;
  return (
    <TitledSection name="our-location" anchor heading={copy.heading} lead={copy.lead}>
      <address className={styles.address}>
        {studio.name}, {street}, {city}, {region} {postalCode}
      </address>
      <NearbyMap className={styles.mapFrame}>
        <iframe
          className={styles.map}
          src={studio.mapEmbedUrl}
          title={`Map showing where ${studio.name} is`}
          height={500}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          data-testid="location-map"
        />
      </NearbyMap>
      <p>
        <a href={studio.mapLink} target="_blank" rel="noopener noreferrer">
          Open in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </TitledSection>
  );
}

import { SiteLink } from '@/components/shell/site-link';
import type { CmsImage, HomeCmsContent } from '@/lib/cms';
import { momentOffset } from '@/lib/moments-offset';
import { Picture } from '@/components/ui/picture';
import { Section } from '@/components/ui/section';
import { TitledSection } from '@/components/ui/titled-section';
import styles from './home.module.css';

/** A WordPress image below the fold, with the alt text editors gave it; `sizes` and `maxWidth` as for Picture. */
function CmsPicture({
  image,
  className,
  sizes,
  maxWidth,
}: {
  image: CmsImage;
  className?: string;
  sizes: string;
  maxWidth: number;
}) {
  return (
    <Picture
      className={className}
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      sizes={sizes}
      maxWidth={maxWidth}
      loading="lazy"
    />
  );
}

/** The editable pro block from WordPress: heading, text, image, background colour and a button. */
export function ProBlock({ pro }: { pro: HomeCmsContent['pro'] }) {
  if (!pro.heading && pro.description.length === 0) return null;
  return (
    <Section
      labelledBy="pro-heading"
      className={styles.pro}
      containerClassName={styles.split}
      style={pro.backgroundColor ? { backgroundColor: pro.backgroundColor } : undefined}
    >
      <div>
        <h2 id="pro-heading">{pro.heading}</h2>
        {pro.description.map((p) => (
          <p key={p}>{p}</p>
        ))}
        {pro.button ? (
          <SiteLink href={pro.button.url} className="btn btn-primary">
            {pro.button.text}
          </SiteLink>
        ) : null}
      </div>
      {pro.image ? (
        <CmsPicture
          className={styles.proImage}
          image={pro.image}
          sizes="(max-width: 860px) 100vw, 560px"
          maxWidth={560}
        />
      ) : null}
    </Section>
  );
}

/** The moments gallery: up to three images, each at a small vertical offset fixed per image. */
export function Moments({ moments }: { moments: HomeCmsContent['moments'] }) {
  if (!moments.heading && moments.images.length === 0) return null;
  return (
    <TitledSection name="moments" className="section-light" heading={moments.heading}>
      {moments.description.map((p) => (
        <p key={p} className="muted">
          {p}
        </p>
      ))}
      <ul className={styles.moments}>
        {moments.images.slice(0, 3).map((image) => (
          <li key={image.id} style={{ marginTop: `${momentOffset(image.id)}px` }}>
            <CmsPicture image={image} sizes="(max-width: 640px) 100vw, 33vw" maxWidth={412} />
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}

/** Insight cards: heading, subtitle and numbered cards. */
export function Insights({ insights }: { insights: HomeCmsContent['insights'] }) {
  if (!insights.heading && insights.cards.length === 0) return null;
  return (
    <TitledSection name="insights" heading={insights.heading} lead={insights.subtitle}>
      <ol className={styles.insights}>
        {insights.cards.map((card) => (
          <li key={`${card.number}-${card.title}`} className={styles.insight}>
            <span className={styles.insightNumber} aria-hidden="true">
              {card.number}
            </span>
            <h3>{card.title}</h3>
            <p className="muted">{card.text}</p>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}

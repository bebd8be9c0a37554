import type { LegalDocument } from '@/content/legal-document';
import { SiteLink } from '@/components/shell/site-link';
import { fillStudioTokens } from '@/lib/tokens';
import type { Studio as FullStudio } from '@/content/studio';
import styles from './registrant.module.css';

type Section = LegalDocument['sections'][number];
/** The studio's values a terms text names. */
type Studio = Pick<FullStudio, 'name' | 'email' | 'whatsapp'>;

/** Sections of a terms document, each under its heading (h3: inside one of the page's h2 parts), the studio's values filled in. */
export function TermsSections({ sections, studio }: { sections: readonly Section[]; studio: Studio }) {
  return sections.map((s) => (
    <div key={s.id}>
      <h3>{s.heading}</h3>
      {s.blocks.map((b) =>
        b.kind === 'p' ? (
          <p key={b.text}>{fillStudioTokens(b.text, studio)}</p>
        ) : (
          <ul key={b.items.join()}>
            {b.items.map((item) => (
              <li key={item}>{fillStudioTokens(item, studio)}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  ));
}

/**
 * The refund terms shown beside a registrant's refund box: the named sections of their kind's
 * terms, and a link to the whole document on its own page (`href`, at the first section's anchor
 * where the page has one).
 */
export function RefundTerms({
  doc,
  ids,
  href,
  linkText,
  studio,
}: {
  doc: LegalDocument;
  ids: readonly string[];
  href: string;
  linkText: string;
  studio: Studio;
}) {
  return (
    <div className={styles.terms} data-testid="refund-terms">
      <TermsSections sections={doc.sections.filter((s) => ids.includes(s.id))} studio={studio} />
      <p>
        <SiteLink href={href}>{linkText}</SiteLink>
      </p>
    </div>
  );
}

import type { LegalDocument } from '@/content/legal-document';
import { masterclassTerms } from '@/content/forms/masterclass-terms';
import { refundPolicy } from '@/content/legal';
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

/** Where each kind of registration's refund terms are: the sections shown, and the whole document's page. */
const refundTermsOf = {
  masterclass: {
    doc: masterclassTerms,
    ids: ['eligibility-for-refund', 'valid-grounds-for-refund'],
    href: '/masterClass-Terms#eligibility-for-refund',
    linkText: 'All the masterclass terms',
  },
  course: {
    doc: refundPolicy,
    ids: ['courses-and-memberships'],
    href: '/refund-policy#courses-and-memberships',
    linkText: 'Our refund policy',
  },
} as const satisfies Record<string, { doc: LegalDocument; ids: readonly string[]; href: string; linkText: string }>;

/**
 * The refund terms shown beside a registrant's refund box: the named sections of their kind's
 * terms, and a link to the whole document on its own page (at the first section's anchor).
 */
export function RefundTerms({ kind, studio }: { kind: keyof typeof refundTermsOf; studio: Studio }) {
  const { doc, ids, href, linkText } = refundTermsOf[kind];
  const shown: readonly string[] = ids;
  return (
    <div className={styles.terms} data-testid="refund-terms">
      <TermsSections sections={doc.sections.filter((s) => shown.includes(s.id))} studio={studio} />
      <p>
        <SiteLink href={href}>{linkText}</SiteLink>
      </p>
    </div>
  );
}

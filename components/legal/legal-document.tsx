import { Fragment, type ReactNode } from 'react';
import type { LegalDocument } from '@/content/legal-document';
import type { Studio } from '@/content/studio';
import { fillStudioTokens } from '@/lib/tokens';

/**
 * A legal page: title, optional date line, table of contents and its sections. Every {email} in the
 * text becomes a mailto: link, with `mailSubject` as its subject when given (refund texts).
 */
export function LegalDocumentView({
  doc,
  studio,
  dateLine,
  mailSubject,
}: {
  doc: LegalDocument;
  studio: Studio;
  dateLine?: ReactNode;
  mailSubject?: string;
}) {
  const href = `mailto:${studio.email}${mailSubject ? `?subject=${encodeURIComponent(mailSubject)}` : ''}`;
  const fill = (text: string): ReactNode =>
    text.split('{email}').map((part, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered.
      <Fragment key={i}>
        {i > 0 ? <a href={href}>{studio.email}</a> : null}
        {fillStudioTokens(part, studio)}
      </Fragment>
    ));
  return (
    <section className="section section-light">
      <article className="container prose">
        <h1>{doc.title}</h1>
        {dateLine}
        <p className="muted">{fill(doc.intro)}</p>
        <nav aria-label="On this page">
          <ol>
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`}>
            <h2 id={`${s.id}-heading`}>{s.heading}</h2>
            {s.blocks.map((block, i) =>
              block.kind === 'p' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed legal text, never reordered.
                <p key={i}>{fill(block.text)}</p>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed legal text, never reordered.
                <ul key={i}>
                  {block.items.map((item) => (
                    <li key={item}>{fill(item)}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </article>
    </section>
  );
}

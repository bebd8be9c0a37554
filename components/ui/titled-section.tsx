import type { ReactNode } from 'react';
import { Section } from './section';

export interface TitledSectionProps {
  /** The heading's id is `${name}-heading`, and it names the section. */
  name: string;
  heading: ReactNode;
  /** The section is a link target: its id is `name` (the about page's #our-stories, #our-gallery…). */
  anchor?: boolean;
  /** Classes of the section after "section", such as "section-light". */
  className?: string;
  /** Classes of the inner container after "container". */
  containerClassName?: string;
  eyebrow?: string;
  /** The muted line under the heading. */
  lead?: string;
  children?: ReactNode;
}

/** A page section (Section) that opens with an optional eyebrow, the h2 that names the section, a muted lead and the content. */
export function TitledSection({
  name,
  heading,
  anchor,
  className,
  containerClassName,
  eyebrow,
  lead,
  children,
}: TitledSectionProps) {
  const headingId = `${name}-heading`;
  return (
    <Section
      labelledBy={headingId}
      id={anchor ? name : undefined}
      className={className}
      containerClassName={containerClassName}
    >
      {eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
      <h2 id={headingId}>{heading}</h2>
      {lead ? <p className="muted">{lead}</p> : null}
      {children}
    </Section>
  );
}

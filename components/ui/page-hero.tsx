import type { ReactNode } from 'react';

export interface PageHeroProps {
  eyebrow: string;
  heading: ReactNode;
  lead: string;
  /** Classes of the section after "section page-hero". */
  className?: string;
  leadClassName?: string;
}

/** The opening of a page: eyebrow, the page's h1 and its lead. */
export function PageHero({ eyebrow, heading, lead, className, leadClassName = 'muted' }: PageHeroProps) {
  return (
    <section className={className ? `section page-hero ${className}` : 'section page-hero'}>
      <div className="container">
        <span className="eyebrow">{eyebrow}</span>
        <h1>{heading}</h1>
        <p className={leadClassName}>{lead}</p>
      </div>
    </section>
  );
}

import type { CSSProperties, ReactNode } from 'react';

export interface SectionProps {
  /** The id of the heading that names the section. */
  labelledBy: string;
  /** The section's own id, when it is a link target. */
  id?: string;
  /** Classes of the section after "section", such as "section-light". */
  className?: string;
  /** Classes of the inner container after "container". */
  containerClassName?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** A page section and its container, named by the heading its content holds. */
export function Section({ labelledBy, id, className, containerClassName, style, children }: SectionProps) {
  return (
    <section
      id={id}
      className={className ? `section ${className}` : 'section'}
      style={style}
      aria-labelledby={labelledBy}
    >
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>{children}</div>
    </section>
  );
}

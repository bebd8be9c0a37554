import Link from 'next/link';
import { FaqList } from '@/components/ui/faq';
import type { CourseLevel } from '@/content/courses';
import styles from './courses.module.css';

interface CourseHeaderProps {
  eyebrow: string;
  heading: string;
  lead: string;
}

/** The opening of a course page. */
export function CourseHeader({ eyebrow, heading, lead }: CourseHeaderProps) {
  return (
    <section className="section page-hero">
      <div className="container">
        <span className="eyebrow">{eyebrow}</span>
        <h1>{heading}</h1>
        <p className={`muted ${styles.lead}`}>{lead}</p>
      </div>
    </section>
  );
}

/** Each level or diploma with its questions (which open independently) and an Enroll Now button. */
export function CourseLevels({
  levels,
  enroll,
}: {
  levels: readonly CourseLevel[];
  enroll: { label: string; href: string };
}) {
  return (
    <section className="section section-light" aria-label="Courses">
      <div className={`container ${styles.levels}`}>
        {levels.map((level) => (
          <article key={level.id} className={styles.level} aria-labelledby={`level-${level.id}`}>
            <h2 id={`level-${level.id}`} className={styles.levelName}>
              {level.name}
            </h2>
            <p>{level.summary}</p>
            <FaqList items={level.faqs} />
            <Link
              href={level.formCourse ? `${enroll.href}?course=${encodeURIComponent(level.formCourse)}` : enroll.href}
              className={`btn btn-primary ${styles.enroll}`}
              aria-describedby={`level-${level.id}`}
            >
              {enroll.label}
            </Link>
          </article>
        ))}
      </div>
    </section>
  );
}

import { SiteLink } from '@/components/shell/site-link';
import { FaqList } from '@/components/ui/faq';
import { JsonLd } from '@/components/ui/json-ld';
import { PageHero } from '@/components/ui/page-hero';
import type { CourseCopy, CourseLevel } from '@/content/courses';
import type { NavLink } from '@/content/navigation';
import { prices } from '@/content/prices';
import { getEnv } from '@/lib/env';
import { type RoutePath, routeFor } from '@/lib/routes';
import { absoluteUrl } from '@/lib/seo';
import { type CourseFormat, courseListJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';
import styles from './courses.module.css';

interface CourseHeaderProps {
  eyebrow: string;
  heading: string;
  lead: string;
}

/** The opening of a course page. */
export function CourseHeader({ eyebrow, heading, lead }: CourseHeaderProps) {
  return <PageHero eyebrow={eyebrow} heading={heading} lead={lead} leadClassName={`muted ${styles.lead}`} />;
}

/** Each level or diploma with its questions (which open independently) and an Enroll Now button. */
function CourseLevels({ levels, enroll }: { levels: readonly CourseLevel[]; enroll: NavLink }) {
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
            <SiteLink
              href={level.formCourse ? `${enroll.href}?course=${encodeURIComponent(level.formCourse)}` : enroll.href}
              className={`btn btn-primary ${styles.enroll}`}
              aria-describedby={`level-${level.id}`}
            >
              {enroll.label}
            </SiteLink>
          </article>
        ))}
      </div>
    </section>
  );
}

interface CourseCatalogueProps {
  path: RoutePath;
  copy: CourseCopy;
  levels: readonly CourseLevel[];
  format: CourseFormat;
  /** Search engines read each name after the page's title ("Certification Courses: Basic"). */
  namedByPage?: boolean;
}

/** A page of courses that share the registration fee: its header, the levels and their Course records for search engines. */
export function CourseCatalogue({ path, copy, levels, format, namedByPage = false }: CourseCatalogueProps) {
  const courses = courseListJsonLd({
    courses: namedByPage
      ? levels.map((level) => ({ ...level, name: `${routeFor(path).title}: ${level.name}` }))
      : levels,
    pageUrl: absoluteUrl(path),
    studio: getStudio(),
    siteUrl: getEnv().SITE_URL,
    feePaise: prices.courseRegistration,
    format,
  });
  return (
    <>
      <JsonLd data={courses} />
      <CourseHeader eyebrow={copy.eyebrow} heading={copy.heading} lead={copy.lead} />
      <CourseLevels levels={levels} enroll={copy.enroll} />
    </>
  );
}

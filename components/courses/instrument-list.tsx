import { SiteLink } from '@/components/shell/site-link';
import type { InstrumentCourse } from '@/content/courses';
import { resizedSrc } from '@/lib/images/manifest';
import styles from './courses.module.css';

/** Guitar, drums and piano, each with a Coming Soon button. */
export function InstrumentList({
  instruments,
  comingSoon,
}: {
  instruments: readonly InstrumentCourse[];
  comingSoon: { label: string; href: string };
}) {
  return (
    <section className="section section-light" aria-label="Instrument courses">
      <ul className={`container ${styles.instruments}`}>
        {instruments.map((course) => (
          <li key={course.id} className={styles.card}>
            <img
              src={resizedSrc(course.image.src, 2 * course.image.width)}
              alt=""
              width={course.image.width}
              height={course.image.height}
              loading="lazy"
            />
            <div className={styles.cardBody}>
              <h2 id={`instrument-${course.id}`} className={styles.levelName}>
                {course.name}
              </h2>
              <p>{course.description}</p>
              <SiteLink href={comingSoon.href} className="btn btn-ghost" aria-describedby={`instrument-${course.id}`}>
                {comingSoon.label}
              </SiteLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

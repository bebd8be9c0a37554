import { SiteLink } from '@/components/shell/site-link';
import { serviceCta, type ServicePageRecord, servicePages, type ServiceRoute } from '@/content/services';
import { resizedSrc } from '@/lib/images/manifest';
import styles from './services.module.css';

/** A service page, rendered from its record in content/services.ts: header, four boxes and the call to action. */
export function ServicePage({ route }: { route: ServiceRoute }) {
  const service: ServicePageRecord = servicePages[route];
  const { note, book } = service;
  return (
    <>
      <section className={`section page-hero ${styles.header}`}>
        <div className={`container ${styles.headerInner}`}>
          <img src={resizedSrc(service.icon, 128)} alt="" width={64} height={64} className={styles.headerIcon} />
          <div>
            <span className="eyebrow">{service.eyebrow}</span>
            <h1>{service.title}</h1>
            <p className={styles.lead}>{service.lead}</p>
          </div>
        </div>
      </section>
      <section className="section section-light" aria-labelledby="service-panel-heading">
        <div className="container">
          <h2 id="service-panel-heading">{service.panel.heading}</h2>
          <ul className={styles.boxes}>
            {service.panel.boxes.map((box) => (
              <li key={box.title} className={styles.box}>
                <h3>{box.title}</h3>
                <p>{box.text}</p>
              </li>
            ))}
          </ul>
          {note ? (
            <p className={styles.note}>
              {note.text} <SiteLink href={note.link.href}>{note.link.label}</SiteLink>
            </p>
          ) : null}
        </div>
      </section>
      <section className="section" aria-labelledby="service-cta-heading">
        <div className={`container ${styles.cta}`}>
          <h2 id="service-cta-heading">{service.cta.heading}</h2>
          <p className="muted">{service.cta.text}</p>
          <div className={styles.ctaActions}>
            <SiteLink
              href={`${serviceCta.href}?service=${encodeURIComponent(service.title)}`}
              className="btn btn-primary"
            >
              {serviceCta.label}
            </SiteLink>
            {book ? (
              <SiteLink href={book.href} className="btn btn-ghost">
                {book.label}
              </SiteLink>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}

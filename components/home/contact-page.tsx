import { SiteLink } from '@/components/shell/site-link';
import { SocialLinks } from '@/components/shell/social-icons';
import { PageHero } from '@/components/ui/page-hero';
import type { contactCopy } from '@/content/contact';
import type { Studio } from '@/content/studio';
import { formatIndianPhone, whatsappLink } from '@/lib/studio-links';
import styles from './contact-page.module.css';

/** Let's Connect (/connect-with-us): e-mail, WhatsApp, social links, address and map, and the two forms. */
export function ContactPage({ copy, studio }: { copy: typeof contactCopy; studio: Studio }) {
  const { channels, forms } = copy;
  const { street, city, region, postalCode } = studio.address;
  return (
    <>
      <PageHero eyebrow={copy.eyebrow} heading={copy.heading} lead={copy.lead} leadClassName={styles.lead} />
      <section className="section section-light" aria-label="Ways to reach us">
        <ul className={`container ${styles.grid}`}>
          <li className={styles.card}>
            <h2>{channels.email.heading}</h2>
            <p>{channels.email.text}</p>
            <a href={`mailto:${studio.email}`} className={styles.value}>
              {studio.email}
            </a>
          </li>
          <li className={styles.card}>
            <h2>{channels.whatsapp.heading}</h2>
            <p>{channels.whatsapp.text}</p>
            <a href={whatsappLink(studio.whatsapp)} target="_blank" rel="noopener noreferrer" className={styles.value}>
              {formatIndianPhone(studio.whatsapp)}
              <span className="visually-hidden"> on WhatsApp (opens in a new tab)</span>
            </a>
          </li>
          <li className={styles.card}>
            <h2>{channels.social.heading}</h2>
            <p>{channels.social.text}</p>
            <SocialLinks social={studio.social} className={styles.social} />
          </li>
          <li className={styles.card}>
            <h2>{channels.address.heading}</h2>
            <p>{channels.address.text}</p>
            <address className={styles.address}>
              {studio.name}
              <br />
              {street}
              <br />
              {city}, {region} {postalCode}
            </address>
            <a href={studio.mapLink} target="_blank" rel="noopener noreferrer">
              {channels.address.mapLabel}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </section>
      <section className="section" aria-labelledby="contact-forms-heading">
        <div className="container">
          <h2 id="contact-forms-heading">{forms.heading}</h2>
          <ul className={styles.forms}>
            {[forms.query, forms.request].map((form) => (
              <li key={form.href}>
                <p className="muted">{form.text}</p>
                <SiteLink href={form.href} className="btn btn-primary">
                  {form.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

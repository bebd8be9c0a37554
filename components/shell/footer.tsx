import { SiteLink } from '@/components/shell/site-link';
import { footerNav } from '@/content/navigation';
import type { Studio } from '@/content/studio';
import { yourDataPath } from '@/lib/privacy/your-data';
import { formatIndianPhone, whatsappLink } from '@/lib/studio-links';
import { CurrentYear } from './current-year';
import styles from './footer.module.css';
import { StudioMark } from './logo';
import { ScrollTopLink } from './scroll-top-link';
import { SocialLinks } from './social-icons';

/** The footer on every page: links, contacts, social links, year and rights. */
export function Footer({ studio, buildYear }: { studio: Studio; buildYear: number }) {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brandCol}>
          <p className={styles.brand}>
            <StudioMark />
            <span>{studio.name}</span>
          </p>
          <p className={styles.tagline}>{studio.tagline}.</p>
        </div>

        <nav aria-label="Footer" className={styles.col}>
          <h2 className={styles.heading}>Explore</h2>
          <ul className={styles.list}>
            {footerNav.map((link) => (
              <li key={link.href}>
                {link.smooth ? (
                  <ScrollTopLink href={link.href}>{link.label}</ScrollTopLink>
                ) : (
                  <SiteLink href={link.href}>{link.label}</SiteLink>
                )}
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.col}>
          <h2 className={styles.heading}>Contact</h2>
          <ul className={styles.list}>
            <li>
              <span className={styles.label}>E-mail</span>
              <a href={`mailto:${studio.email}`}>{studio.email}</a>
            </li>
            <li>
              <span className={styles.label}>WhatsApp</span>
              <a href={whatsappLink(studio.whatsapp)} target="_blank" rel="noopener noreferrer">
                {formatIndianPhone(studio.whatsapp)}
              </a>
            </li>
            <li>
              <span className={styles.label}>Privacy and grievances</span>
              {studio.grievance.name}, <a href={`mailto:${studio.grievance.email}`}>{studio.grievance.email}</a> ·{' '}
              <SiteLink href={yourDataPath}>Your data</SiteLink>
            </li>
          </ul>
        </div>

        <div className={styles.col}>
          <h2 className={styles.heading}>Follow us</h2>
          <SocialLinks social={studio.social} className={styles.social} />
        </div>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>
          © <CurrentYear buildYear={buildYear} /> {studio.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

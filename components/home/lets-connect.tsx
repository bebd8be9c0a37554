import { ScrollTopLink } from '@/components/shell/scroll-top-link';
import { SocialLinks } from '@/components/shell/social-icons';
import type { Studio } from '@/content/studio';
import { formatIndianPhone, whatsappLink } from '@/lib/studio-links';
import styles from './home.module.css';

interface LetsConnectProps {
  copy: { heading: string; text: string; link: { label: string; href: string } };
  studio: Studio;
}

/** The Let's Connect card: e-mail, chat and social links, and the way to the contact page. */
export function LetsConnect({ copy, studio }: LetsConnectProps) {
  return (
    <section className="section section-light" aria-labelledby="connect-heading">
      <div className={`container ${styles.connect}`}>
        <h2 id="connect-heading">{copy.heading}</h2>
        <p>{copy.text}</p>
        <ul className={styles.connectLinks}>
          <li>
            <a className="btn btn-ghost" href={`mailto:${studio.email}`}>
              E-mail {studio.email}
            </a>
          </li>
          <li>
            <a className="btn btn-ghost" href={whatsappLink(studio.whatsapp)} target="_blank" rel="noopener noreferrer">
              WhatsApp {formatIndianPhone(studio.whatsapp)}
            </a>
          </li>
        </ul>
        <SocialLinks social={studio.social} className={styles.social} />
        <ScrollTopLink href={copy.link.href} className="btn btn-primary">
          {copy.link.label}
        </ScrollTopLink>
      </div>
    </section>
  );
}

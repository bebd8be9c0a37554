import type { Metadata } from 'next';
import { SiteLink } from '@/components/shell/site-link';
import styles from './not-found.module.css';

export const metadata: Metadata = {
  title: 'Page not found',
  description: 'The page you are looking for does not exist.',
  robots: { index: false, follow: true },
};

export default function NotFound() {
  return (
    <section className={`section ${styles.wrap}`}>
      <div className="container">
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1>
          <span className="visually-hidden">404: </span>This page does not exist
        </h1>
        <p className="muted">The link may be old, or the address may have a typo. Let us take you back to the music.</p>
        <SiteLink href="/" className="btn btn-primary">
          Back to Home
        </SiteLink>
      </div>
    </section>
  );
}

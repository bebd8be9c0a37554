import styles from './dev-banner.module.css';

/** The scrolling notice that the site is under development; still for visitors who prefer less motion. */
export function DevBanner({ text }: { text: string }) {
  return (
    <div className={styles.banner} role="region" aria-label="Site notice">
      <div className={styles.track}>
        <p className={styles.text}>{text}</p>
        <p className={styles.text} aria-hidden="true">
          {text}
        </p>
      </div>
    </div>
  );
}

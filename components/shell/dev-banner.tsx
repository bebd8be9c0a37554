import styles from './dev-banner.module.css';

/**
 * The scrolling notice that the site is under development. Its Pause switch is a checkbox styled by
 * CSS alone, so keyboard, touch and no-JavaScript visitors can stop it; the notice also stops on
 * hover and stands still (with no switch) for visitors who prefer less motion.
 */
export function DevBanner({ text }: { text: string }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <section> would join the navbar theme's `main section` scan.
    <div className={styles.banner} role="region" aria-label="Site notice">
      <input id="dev-banner-pause" type="checkbox" className={styles.pause} />
      <label htmlFor="dev-banner-pause" className={styles.pauseLabel}>
        <span className={styles.icon} aria-hidden="true" />
        Pause<span className="visually-hidden"> the scrolling notice</span>
      </label>
      <div className={styles.viewport}>
        <div className={styles.track} data-testid="dev-banner-track">
          <p className={styles.text}>{text}</p>
          <p className={styles.text} aria-hidden="true">
            {text}
          </p>
        </div>
      </div>
    </div>
  );
}

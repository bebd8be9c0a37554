'use client';

import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { useMediaQuery } from '@/components/shell/use-media-query';
import type { Testimonial } from '@/content/testimonials';
import styles from './testimonials.module.css';

/** Time each testimonial stays on screen (spec §9). */
export const TESTIMONIAL_INTERVAL_MS = 5000;

interface TestimonialsProps {
  items: readonly Testimonial[];
  heading: string;
  background: { src: string; width: number; height: number };
}

/**
 * One quote at a time over the party background, advancing every 5 seconds and wrapping from the
 * last to the first. A pause button stops it; it stays still for visitors who prefer less motion.
 */
export function Testimonials({ items, heading, background }: TestimonialsProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const rotating = !paused && !reducedMotion && items.length > 1;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a manual step (index) restarts the interval, so the next slide waits a full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), TESTIMONIAL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, items.length, index]);

  return (
    <section className={styles.section} aria-labelledby="testimonials-heading" aria-roledescription="carousel">
      <img
        className={styles.background}
        src={background.src}
        alt=""
        width={background.width}
        height={background.height}
        loading="lazy"
      />
      <div className={clsx('container', styles.inner)}>
        <h2 id="testimonials-heading">{heading}</h2>
        <div className={styles.quotes} aria-live={rotating ? 'off' : 'polite'}>
          {items.map((item, i) => (
            <figure key={item.text} className={styles.quote} hidden={i !== index} data-testid="testimonial">
              <blockquote>
                <p>“{item.text}”</p>
              </blockquote>
              <figcaption className={styles.who}>
                <img src={item.image} alt="" width={56} height={56} loading="lazy" className={styles.avatar} />
                <span>{item.name}</span>
              </figcaption>
            </figure>
          ))}
        </div>
        <div className={styles.controls}>
          {!reducedMotion && items.length > 1 ? (
            <button
              type="button"
              className={clsx('btn btn-ghost', styles.pause)}
              aria-pressed={paused}
              onClick={() => setPaused((p) => !p)}
            >
              {paused ? 'Play testimonials' : 'Pause testimonials'}
            </button>
          ) : null}
          <div className={styles.dots}>
            {items.map((item, i) => (
              <button
                key={item.text}
                type="button"
                className={clsx(styles.dot, i === index && styles.dotActive)}
                aria-label={`Show testimonial ${i + 1} of ${items.length}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}

'use client';

import clsx from 'clsx';
import { useRef, useState } from 'react';
import { useHydrated } from '@/components/shell/use-hydrated';
import { useNearScreen } from '@/components/shell/use-near-screen';
import { useMediaQuery } from '@/components/shell/use-media-query';
import type { CarouselSlide } from '@/content/carousel';
import { CAROUSEL_START_INDEX, visibleIndices, wrapIndex } from '@/lib/carousel';
import styles from './carousel.module.css';
import { LoopVideo } from './loop-video';

interface CarouselProps {
  slides: readonly CarouselSlide[];
  /** Pixel size of the slide images. */
  size: { width: number; height: number };
  /** The clip played by slides whose `video` flag is set. */
  videoSrc: string;
  label: string;
}

const positions = ['prev', 'center', 'next'] as const;

/**
 * Three slides at a time around a centre index that starts at 2; PREV and NEXT move it, wrapping
 * both ways. The centre slide is in colour and enlarged; the others are greyscale and dimmed.
 * A video slide shows its still until the page's script runs: the clip then plays, unless the
 * visitor asks for reduced motion. So the clip is never fetched before the page has painted or
 * before the carousel comes on screen (its 126 KB would share a slow phone's line with the page's
 * scripts, and it sits just below a phone's first screen on /institute), and never plays where its pause control (the player's own) would not
 * work or is not wanted.
 */
export function Carousel({ slides, size, videoSrc, label }: CarouselProps) {
  const [center, setCenter] = useState(CAROUSEL_START_INDEX);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const hydrated = useHydrated();
  const place = useRef<HTMLDivElement>(null);
  const near = useNearScreen(place, 0);
  const total = slides.length;
  const current = slides[center];

  return (
    // biome-ignore lint/a11y/useSemanticElements: a <section> would join the navbar theme's `main section` scan.
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
      <div className={styles.track} ref={place}>
        {visibleIndices(center, total).map((index, pos) => {
          const slide = slides[index];
          if (!slide) return null;
          const isCenter = pos === 1;
          return (
            <figure
              key={`${positions[pos]}-${index}`}
              className={clsx(styles.slide, isCenter ? styles.center : styles.side)}
              data-position={positions[pos]}
              data-index={index}
              aria-hidden={isCenter ? undefined : true}
            >
              {slide.video && isCenter && hydrated && near ? (
                <LoopVideo
                  className={styles.media}
                  src={videoSrc}
                  poster={{ src: slide.image, ...size }}
                  autoPlay={!reducedMotion}
                  // The player's own controls pause the looping clip (keyboard, mouse and touch).
                  controls
                  aria-label={slide.alt}
                />
              ) : (
                <img
                  className={styles.media}
                  src={slide.image}
                  alt={isCenter ? slide.alt : ''}
                  width={size.width}
                  height={size.height}
                  loading="lazy"
                />
              )}
              <figcaption className={styles.caption}>{slide.title}</figcaption>
            </figure>
          );
        })}
      </div>
      <div className={styles.controls}>
        <button type="button" className="btn btn-ghost" onClick={() => setCenter((c) => wrapIndex(c - 1, total))}>
          PREV
        </button>
        <p className={styles.counter} aria-live="polite" aria-atomic="true">
          <span className="visually-hidden">Slide </span>
          <span data-testid="carousel-position">{center + 1}</span> / {total}
          <span className="visually-hidden">: {current?.title}</span>
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => setCenter((c) => wrapIndex(c + 1, total))}>
          NEXT
        </button>
      </div>
    </div>
  );
}

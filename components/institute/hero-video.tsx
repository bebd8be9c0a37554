'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '@/components/shell/use-hydrated';
import { LoopVideo } from '@/components/ui/loop-video';
import styles from './institute.module.css';

interface HeroVideoProps {
  src: string;
  poster: { src: string; width: number; height: number };
}

/**
 * Where the video waits for Play: under reduced motion, and on a phone-width screen, where its
 * 126 KB (fetched in two ranges) would be more than the rest of the page and share a slow line with
 * the page's scripts.
 */
const stillByDefault = '(prefers-reduced-motion: reduce), (max-width: 640px)';

/**
 * The hero's muted, looping background video. It starts from script, and only for visitors who do
 * not ask for reduced motion and whose screen is wider than a phone's (so without JavaScript, with
 * reduced motion or on a phone, the poster stands still); a Pause/Play button stops and restarts it for keyboard, mouse and touch. The file is
 * named to the element only when it is to play: browsers fetch a `src` even with preload="none",
 * and on a slow network those 126 KB would compete with the poster and the page's text.
 */
export function HeroVideo({ src, poster }: HeroVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const ready = useHydrated();

  const play = useCallback(() => {
    const v = video.current;
    if (!v) return;
    if (!v.getAttribute('src')) v.src = src;
    v.play().catch(() => setPlaying(false));
  }, [src]);

  useEffect(() => {
    if (!window.matchMedia(stillByDefault).matches) play();
  }, [play]);

  const toggle = () => {
    if (video.current?.paused) play();
    else video.current?.pause();
  };

  return (
    <>
      {/* Decorative: without controls it is never in the tab order; the pause button beside it is the control. */}
      <LoopVideo
        ref={video}
        className={styles.heroVideo}
        poster={poster}
        aria-hidden="true"
        data-testid="institute-hero-video"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <button type="button" className={styles.heroToggle} onClick={toggle} hidden={!ready}>
        {/* Both words hold the same cell, so the button keeps its width and nothing shifts when it changes. */}
        <span className={styles.toggleWords}>
          <span className={playing ? undefined : styles.unshown}>Pause</span>
          <span className={playing ? styles.unshown : undefined}>Play</span>
        </span>
        <span className="visually-hidden"> the background video</span>
      </button>
    </>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import styles from './institute.module.css';

interface HeroVideoProps {
  src: string;
  poster: { src: string; width: number; height: number };
}

const reducedMotion = '(prefers-reduced-motion: reduce)';

/**
 * The hero's muted, looping background video. It starts from script, and only for visitors who do
 * not ask for reduced motion (so without JavaScript, or with reduced motion, the poster stands
 * still); a Pause/Play button stops and restarts it for keyboard, mouse and touch.
 */
export function HeroVideo({ src, poster }: HeroVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    if (!window.matchMedia(reducedMotion).matches) video.current?.play().catch(() => setPlaying(false));
  }, []);

  const toggle = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) v.play().catch(() => setPlaying(false));
    else v.pause();
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: decorative, without controls it is never in the tab order; the pause button beside it is the control. */}
      <video
        ref={video}
        className={styles.heroVideo}
        src={src}
        poster={poster.src}
        width={poster.width}
        height={poster.height}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        data-testid="institute-hero-video"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <button type="button" className={styles.heroToggle} onClick={toggle} hidden={!ready}>
        {playing ? 'Pause' : 'Play'}
        <span className="visually-hidden"> the background video</span>
      </button>
    </>
  );
}

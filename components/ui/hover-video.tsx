'use client';

import clsx from 'clsx';
import { useRef, useState, type PointerEvent } from 'react';
import { youtubeEmbedUrl } from '@/lib/embeds';
import styles from './hover-video.module.css';

interface HoverVideoProps {
  title: string;
  image: { src: string; width: number; height: number; alt: string };
  /** A YouTube video id; without one, `clip` (a local file) is played. */
  youtubeId: string | null;
  clip: string;
}

/**
 * A still that becomes an autoplaying, muted video without controls while the mouse is over it, or
 * after Enter, Space or a tap on it (again to stop). Keyboard focus alone starts nothing, so Enter
 * always starts a stopped preview; leaving with Tab stops it. The player loads only when asked for:
 * nothing from another host is fetched before.
 */
export function HoverVideo({ title, image, youtubeId, clip }: HoverVideoProps) {
  const [playing, setPlaying] = useState(false);
  // Set by a pointer press: a mouse click does not toggle (hovering already plays).
  const pointerPress = useRef<string | null>(null);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setPlaying(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setPlaying(false);
  };

  return (
    <div
      className={styles.frame}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      data-playing={playing ? 'true' : 'false'}
    >
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={playing}
        onPointerDown={(event) => {
          pointerPress.current = event.pointerType;
        }}
        onBlur={() => setPlaying(false)}
        onClick={() => {
          const by = pointerPress.current;
          pointerPress.current = null;
          if (by !== 'mouse') setPlaying((p) => !p);
        }}
      >
        <img
          className={clsx(styles.still, playing && styles.hidden)}
          src={image.src}
          alt=""
          width={image.width}
          height={image.height}
          loading="lazy"
        />
        <span className="visually-hidden">Play the preview of {title}</span>
        <span className={styles.badge} aria-hidden="true">
          {playing ? 'Playing' : '▶ Preview'}
        </span>
      </button>
      {playing ? (
        youtubeId ? (
          <iframe
            className={styles.player}
            src={youtubeEmbedUrl(youtubeId)}
            title={`${title}: video preview`}
            allow="autoplay; encrypted-media; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            tabIndex={-1}
          />
        ) : (
          <video
            className={styles.player}
            src={clip}
            autoPlay
            muted
            loop
            playsInline
            aria-label={`${title}: video preview`}
            width={image.width}
            height={image.height}
          />
        )
      ) : null}
    </div>
  );
}

import type { ComponentPropsWithRef } from 'react';

type LoopVideoProps = Omit<
  ComponentPropsWithRef<'video'>,
  'poster' | 'width' | 'height' | 'muted' | 'loop' | 'playsInline' | 'preload'
> & {
  /** The still shown until it plays; its size is the video's, so nothing shifts. */
  poster: { src: string; width: number; height: number };
};

/** A muted, looping, inline video that fetches nothing before it plays. */
export function LoopVideo({ poster, ...props }: LoopVideoProps) {
  return (
    <video
      {...props}
      poster={poster.src}
      width={poster.width}
      height={poster.height}
      muted
      loop
      playsInline
      preload="none"
    />
  );
}

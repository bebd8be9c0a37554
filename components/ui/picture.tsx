import { imageEntry, resizedSrc } from '@/lib/images/manifest';

interface PictureProps {
  /** The photo's site path under /media/, as content records it. */
  src: string;
  alt: string;
  /** The recorded size: used only when the build has no entry for the photo (the file's own size wins). */
  width: number;
  height: number;
  /** How wide the photo is shown, as the `sizes` attribute says it (e.g. "(max-width: 640px) 100vw, 33vw"). */
  sizes: string;
  /** The widest it is ever shown, in CSS px: the srcset stops at twice that. */
  maxWidth: number;
  className?: string;
  title?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
}

/**
 * A photo as the build made it (lib/images/build.ts): WebP at the widths it is shown (up to twice
 * `maxWidth`, for sharp screens) with a JPEG or PNG fallback, its real size from the file, no camera
 * metadata. Without a build entry it renders the file as it is.
 */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  maxWidth,
  className,
  title,
  loading,
  fetchPriority,
}: PictureProps) {
  const entry = imageEntry(src);
  const file = entry ? { src: entry.fallback, width: entry.width, height: entry.height } : { src, width, height };
  const img = (
    <img
      className={className}
      src={file.src}
      alt={alt}
      title={title}
      width={file.width}
      height={file.height}
      loading={loading}
      fetchPriority={fetchPriority}
    />
  );
  if (!entry) return img;
  const limit = entry.webp.find((v) => v.width >= maxWidth * 2)?.width ?? Number.POSITIVE_INFINITY;
  const webp = entry.webp.filter((v) => v.width <= limit);
  return (
    <picture>
      <source type="image/webp" srcSet={webp.map((v) => `${v.src} ${v.width}w`).join(', ')} sizes={sizes} />
      {img}
    </picture>
  );
}

/** A photo for a place that takes one address (a client component, a poster): the variant for `shownWidth` × 2, at its real size. */
export function sizedImage<T extends { src: string; width: number; height: number }>(image: T, shownWidth: number): T {
  const entry = imageEntry(image.src);
  if (!entry) return image;
  return { ...image, src: resizedSrc(image.src, shownWidth * 2), width: entry.width, height: entry.height };
}

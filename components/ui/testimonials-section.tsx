import { Testimonials } from '@/components/ui/testimonials';
import { sizedImage } from '@/components/ui/picture';
import { type Testimonial, testimonialsBackground } from '@/content/testimonials';
import { resizedSrc } from '@/lib/images/manifest';

/** The testimonials carousel with its photos as the build resized them (56 px avatars, a full-width background). */
export function TestimonialsSection({ items, heading }: { items: readonly Testimonial[]; heading: string }) {
  return (
    <Testimonials
      items={items.map((item) => ({ ...item, image: resizedSrc(item.image, 112) }))}
      heading={heading}
      background={sizedImage(testimonialsBackground, 1280)}
    />
  );
}

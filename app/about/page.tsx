import { AboutIntro, Gallery, Location, StoryTimeline } from '@/components/about/about-sections';
import { aboutCopy } from '@/content/about';
import { gallery } from '@/content/gallery';
import { timeline } from '@/content/timeline';
import { pageMetadata } from '@/lib/seo';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/about');

export default function AboutPage() {
  const studio = getStudio();
  return (
    <>
      <AboutIntro copy={aboutCopy} studioName={studio.name} />
      <StoryTimeline copy={aboutCopy.story} entries={timeline()} />
      <Gallery copy={aboutCopy.gallery} items={gallery()} />
      <Location copy={aboutCopy.location} studio={studio} />
    </>
  );
}

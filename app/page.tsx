import { Insights, Moments, ProBlock } from '@/components/home/cms-sections';
import { ApplyCta, HomeHero, LatestArtists, MasterclassPromo, RatingNote } from '@/components/home/home-sections';
import { LetsConnect } from '@/components/home/lets-connect';
import { JsonLd } from '@/components/ui/json-ld';
import { TestimonialsSection } from '@/components/ui/testimonials-section';
import { latestArtists } from '@/content/artists';
import { homeCopy } from '@/content/home';
import { prices } from '@/content/prices';
import { testimonials } from '@/content/testimonials';
import { getHomeContent } from '@/lib/cms';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';
import { organizationJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/');

export default function HomePage() {
  const studio = getStudio();
  const cms = getHomeContent();
  return (
    <>
      <JsonLd data={organizationJsonLd(studio, getEnv().SITE_URL)} />
      <HomeHero copy={homeCopy.hero} />
      <MasterclassPromo copy={homeCopy.masterclass} pricePaise={prices.masterclass} />
      <LatestArtists copy={homeCopy.artists} artists={latestArtists()} />
      <ProBlock pro={cms.pro} />
      <Moments moments={cms.moments} />
      <Insights insights={cms.insights} />
      <TestimonialsSection items={testimonials()} heading="What artists and students say" />
      <RatingNote copy={homeCopy.rating} mapLink={studio.mapLink} />
      <ApplyCta copy={homeCopy.apply} />
      <LetsConnect copy={homeCopy.connect} studio={studio} />
    </>
  );
}

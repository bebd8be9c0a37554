import { CoursesOverview } from '@/components/courses/courses-overview';
import { InstituteHero, InstituteStory, ProjectFeatures } from '@/components/institute/institute-sections';
import { NewsPanel } from '@/components/institute/news-panel';
import { JsonLd } from '@/components/ui/json-ld';
import { carouselSlides } from '@/content/carousel';
import { coursesOverview } from '@/content/courses';
import { instituteCopy, projectFeatures } from '@/content/institute';
import { news, newsMore } from '@/content/news';
import { currentNews, indiaDay } from '@/lib/news';
import { getEnv } from '@/lib/env';
import { pageMetadata } from '@/lib/seo';
import { organizationJsonLd } from '@/lib/structured-data';
import { getStudio } from '@/lib/studio';

export const metadata = pageMetadata('/institute');

export default function InstitutePage() {
  const studio = getStudio();
  return (
    <>
      <JsonLd data={organizationJsonLd(studio, getEnv().SITE_URL)} />
      <InstituteHero copy={instituteCopy.hero} />
      <InstituteStory copy={instituteCopy.story} slides={carouselSlides} />
      <ProjectFeatures copy={instituteCopy.projects} projects={projectFeatures()} />
      <CoursesOverview title={coursesOverview.title} tagline={coursesOverview.tagline} cards={coursesOverview.cards} />
      <NewsPanel
        instituteName={studio.instituteName}
        items={currentNews(news(), indiaDay(Date.now()))}
        more={newsMore}
      />
    </>
  );
}

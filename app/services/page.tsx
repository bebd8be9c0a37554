import { ServicesListing } from '@/components/services/services-listing';
import { PageHero } from '@/components/ui/page-hero';
import { TestimonialsSection } from '@/components/ui/testimonials-section';
import { serviceCards, servicesOverview } from '@/content/services';
import { testimonials } from '@/content/testimonials';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/services');

export default function ServicesPage() {
  return (
    <>
      <PageHero
        eyebrow={servicesOverview.eyebrow}
        heading={servicesOverview.heading}
        lead={servicesOverview.intro}
        leadClassName="prose muted"
      />
      <ServicesListing
        heading={servicesOverview.listing.heading}
        tagline={servicesOverview.listing.tagline}
        buttonLabel={servicesOverview.button}
        cards={serviceCards}
        book={servicesOverview.book}
      />
      <TestimonialsSection items={testimonials()} heading="What our clients say" />
    </>
  );
}

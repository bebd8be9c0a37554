import { ServicesListing } from '@/components/services/services-listing';
import { TestimonialsSection } from '@/components/ui/testimonials-section';
import { serviceCards, servicesOverview } from '@/content/services';
import { testimonials } from '@/content/testimonials';
import { pageMetadata } from '@/lib/seo';

export const metadata = pageMetadata('/services');

export default function ServicesPage() {
  return (
    <>
      <section className="section page-hero">
        <div className="container">
          <span className="eyebrow">{servicesOverview.eyebrow}</span>
          <h1>{servicesOverview.heading}</h1>
          <p className="prose muted">{servicesOverview.intro}</p>
        </div>
      </section>
      <ServicesListing
        heading={servicesOverview.listing.heading}
        tagline={servicesOverview.listing.tagline}
        buttonLabel={servicesOverview.button}
        cards={serviceCards}
      />
      <TestimonialsSection items={testimonials} heading="What our clients say" />
    </>
  );
}

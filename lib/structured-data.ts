import type { Studio } from '@/content/studio';
import type { Session, TalentShow } from '@/lib/calendar';
import { upiAmount } from '@/lib/payments/money';
import { isoIndia } from '@/lib/india-time';
import { ogImagePath } from '@/lib/og';
import { isProfileUrl } from '@/lib/studio-links';

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

const context = 'https://schema.org';

/** The studio as organizer and provider: a reference to the full Organization record on the home page. */
function studioRef(studio: Studio, siteUrl: string): JsonLd {
  return { '@type': 'Organization', '@id': `${siteUrl}/#organization`, name: studio.name, url: `${siteUrl}/` };
}

/** The studio and institute: schema.org has no music school type, so EducationalOrganization and LocalBusiness. */
export function organizationJsonLd(studio: Studio, siteUrl: string): JsonLd {
  const sameAs = Object.values(studio.social).filter(isProfileUrl);
  return {
    '@context': context,
    '@type': ['EducationalOrganization', 'LocalBusiness'],
    '@id': `${siteUrl}/#organization`,
    name: studio.name,
    alternateName: studio.instituteName,
    description: `${studio.tagline}.`,
    url: `${siteUrl}/`,
    logo: `${siteUrl}${studio.logo}`,
    image: `${siteUrl}${ogImagePath('/')}`,
    email: studio.email,
    telephone: `+${studio.whatsapp}`,
    foundingDate: String(studio.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: studio.address.street,
      addressLocality: studio.address.city,
      addressRegion: studio.address.region,
      postalCode: studio.address.postalCode,
      addressCountry: studio.address.country,
    },
    hasMap: studio.mapLink,
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** An INR offer; prices are shown before GST, as on the pages. */
function offer(pricePaise: number, url: string, extra: JsonLd = {}): JsonLd {
  const price = upiAmount(pricePaise);
  return {
    '@type': 'Offer',
    ...extra,
    price,
    priceCurrency: 'INR',
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price,
      priceCurrency: 'INR',
      valueAddedTaxIncluded: false,
    },
    availability: 'https://schema.org/InStock',
    url,
  };
}

/** How a family of courses runs (Google's course list: CourseInstance with courseMode and courseWorkload). */
export interface CourseFormat {
  /** Google's values: Online, Onsite, Blended. */
  courseMode: readonly ('Online' | 'Onsite' | 'Blended')[];
  /** ISO 8601 duration of the whole course, e.g. P8W. */
  courseWorkload: string;
}

/**
 * The courses of one page as Google's course list wants them: an ItemList whose items are full
 * Course records, each with its own URL (the page and the course's anchor), provider, a paid offer
 * and a CourseInstance.
 */
export function courseListJsonLd(input: {
  courses: readonly { id: string; name: string; summary: string }[];
  pageUrl: string;
  studio: Studio;
  siteUrl: string;
  feePaise: number;
  format: CourseFormat;
}): JsonLd {
  return {
    '@context': context,
    '@type': 'ItemList',
    itemListElement: input.courses.map((course, index) => {
      const url = `${input.pageUrl}#level-${course.id}`;
      return {
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Course',
          url,
          name: course.name,
          description: course.summary,
          inLanguage: 'en-IN',
          provider: studioRef(input.studio, input.siteUrl),
          offers: offer(input.feePaise, url, { category: 'Paid' }),
          hasCourseInstance: {
            '@type': 'CourseInstance',
            courseMode: [...input.format.courseMode],
            courseWorkload: input.format.courseWorkload,
          },
        },
      };
    }),
  };
}

/** Shared parts of an Event: dates with the India offset, status, image, organizer and offer. */
function event(
  base: { name: string; description: string; url: string; pricePaise: number; image: string },
  dates: Session,
  studio: Studio,
  siteUrl: string,
): JsonLd {
  return {
    '@context': context,
    '@type': 'Event',
    name: base.name,
    description: base.description,
    startDate: isoIndia(dates.startMs),
    endDate: isoIndia(dates.endMs),
    eventStatus: 'https://schema.org/EventScheduled',
    image: [base.image],
    url: base.url,
    offers: offer(base.pricePaise, base.url),
    organizer: studioRef(studio, siteUrl),
    performer: studioRef(studio, siteUrl),
  };
}

/** One masterclass session: 2 hours, live online. */
export function masterclassEventJsonLd(input: {
  session: Session;
  name: string;
  description: string;
  url: string;
  pricePaise: number;
  studio: Studio;
  siteUrl: string;
}): JsonLd {
  return {
    ...event(
      { ...input, image: `${input.siteUrl}${ogImagePath('/masterclass')}` },
      input.session,
      input.studio,
      input.siteUrl,
    ),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url: input.url },
  };
}

/** The talent show, at its venue. Registration is free. */
export function talentShowEventJsonLd(input: {
  show: TalentShow;
  name: string;
  description: string;
  url: string;
  studio: Studio;
  siteUrl: string;
}): JsonLd {
  return {
    ...event(
      { ...input, pricePaise: 0, image: `${input.siteUrl}${ogImagePath('/one11Register')}` },
      input.show,
      input.studio,
      input.siteUrl,
    ),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: input.show.venue.name, address: input.show.venue.address },
  };
}

/** JSON-LD as text that is safe inside a <script> element. */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

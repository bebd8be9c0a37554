import type { Studio } from '@/content/studio';
import { upiAmount } from '@/lib/payments/money';

/** A JSON-LD object. */
export type JsonLd = Record<string, unknown>;

/** The studio and institute: schema.org has no music school type, so EducationalOrganization and LocalBusiness. */
export function organizationJsonLd(studio: Studio, siteUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': ['EducationalOrganization', 'LocalBusiness'],
    '@id': `${siteUrl}/#organization`,
    name: studio.name,
    alternateName: studio.instituteName,
    description: `${studio.tagline}.`,
    url: `${siteUrl}/`,
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
    sameAs: Object.values(studio.social),
  };
}

/** A course with its registration fee as an INR offer (the fee is shown before GST). */
export function courseJsonLd(input: {
  name: string;
  description: string;
  url: string;
  studio: Studio;
  siteUrl: string;
  feePaise: number;
}): JsonLd {
  const price = upiAmount(input.feePaise);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: input.name,
    description: input.description,
    url: input.url,
    inLanguage: 'en-IN',
    provider: {
      '@type': 'EducationalOrganization',
      '@id': `${input.siteUrl}/#organization`,
      name: input.studio.name,
      url: `${input.siteUrl}/`,
    },
    offers: {
      '@type': 'Offer',
      category: 'Registration fee',
      price,
      priceCurrency: 'INR',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'INR',
        valueAddedTaxIncluded: false,
      },
      url: input.url,
      availability: 'https://schema.org/InStock',
    },
  };
}

/** JSON-LD as text that is safe inside a <script> element. */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The studio's identity: one record for every page, link and payment request. The contact values
 * below are placeholders that are obviously not real, so that a fresh machine works; set the STUDIO_*
 * variables (see .env.example) to the studio's own, or edit this file. A public build refuses to
 * ship any value that is still a placeholder (scripts/check-launch.ts).
 */
export interface Studio {
  name: string;
  /** Lower-case slug form of the name; the dashboard lives at /dashboard-<slug>/. */
  slug: string;
  /** Short name of the institute, as in "Right Now at …". */
  instituteName: string;
  tagline: string;
  email: string;
  /** WhatsApp number, international form, digits only (91 + 10 digits). */
  whatsapp: string;
  upi: { id: string; payeeName: string };
  address: { street: string; city: string; region: string; postalCode: string; country: 'IN' };
  /** Embed URL of the map on the About page. */
  mapEmbedUrl: string;
  mapLink: string;
  /**
   * Profile pages; a platform's home page (no path) means "no profile yet" (a public build refuses
   * it), null that the studio has none there (no page links to it).
   */
  social: { facebook: string | null; linkedin: string | null; instagram: string | null; x: string | null };
  /** The year the studio was founded, shown in the story timeline and used in structured data. */
  foundedYear: number;
  /** Site paths of the logo and of the image used in structured data. */
  logo: string;
  /**
   * Who answers privacy requests and complaints (Digital Personal Data Protection Act, s. 13): named
   * in the privacy notice, each form's notice and the footer.
   */
  grievance: { name: string; email: string };
}

/** The placeholders shipped with the project: fine on a laptop, never on the public site. */
export const placeholders = {
  email: 'team@one11studios.example',
  whatsapp: '919000000000',
  upiId: 'one11studios@example',
  upiPayeeName: 'One11 Studios',
  street: 'Studio address to be set',
  mapEmbedUrl: 'https://www.google.com/maps?q=Mumbai%2C%20Maharashtra&output=embed',
  mapLink: 'https://www.google.com/maps?q=Mumbai%2C%20Maharashtra',
  grievanceName: 'Grievance officer to be named',
  grievanceEmail: 'privacy@one11studios.example',
} as const;

export const studioDefaults = {
  name: 'One11 Studios',
  slug: 'one11studios',
  instituteName: 'One11 Institute',
  tagline: 'Music production studio, institute and record label',
  email: placeholders.email,
  whatsapp: placeholders.whatsapp,
  upi: { id: placeholders.upiId, payeeName: placeholders.upiPayeeName },
  address: {
    street: placeholders.street,
    city: 'Mumbai',
    region: 'Maharashtra',
    postalCode: '400001',
    country: 'IN',
  },
  mapEmbedUrl: placeholders.mapEmbedUrl,
  mapLink: placeholders.mapLink,
  social: {
    facebook: 'https://www.facebook.com/',
    linkedin: 'https://www.linkedin.com/',
    instagram: 'https://www.instagram.com/',
    x: 'https://x.com/',
  },
  foundedYear: 2022,
  logo: '/brand/logo.svg',
  grievance: { name: placeholders.grievanceName, email: placeholders.grievanceEmail },
} satisfies Studio;

/** A complete public identity: every value the launch check asks for, set (made up for the tests, not real). */
export const completeIdentity = {
  SITE_URL: 'https://one11studios.in',
  STUDIO_UPI_ID: 'one11studios@okhdfcbank',
  STUDIO_UPI_NAME: 'One11 Studios LLP',
  STUDIO_WHATSAPP: '919812345678',
  STUDIO_EMAIL: 'team@one11studios.in',
  STUDIO_STREET: '2nd floor, 11 Hill Road, Bandra West',
  STUDIO_POSTAL_CODE: '400050',
  STUDIO_MAP_EMBED_URL: 'https://www.google.com/maps/embed?pb=one11-studios',
  STUDIO_MAP_LINK: 'https://maps.app.goo.gl/one11studios',
  STUDIO_FACEBOOK: 'https://www.facebook.com/one11studios',
  STUDIO_LINKEDIN: 'https://www.linkedin.com/company/one11studios',
  STUDIO_INSTAGRAM: 'https://www.instagram.com/one11studios',
  STUDIO_X: 'https://x.com/one11studios',
  SITE_NOTICE: 'off',
  LAUNCH_CONFIRMED_CLAIMS: 'attendees,reviewers',
  STUDIO_GRIEVANCE_NAME: 'Asha Rao, grievance officer',
  STUDIO_GRIEVANCE_EMAIL: 'privacy@one11studios.in',
  // The example GSTIN of the GST notes (Maharashtra, the studio's default state).
  STUDIO_GSTIN: '27AAPFU0939F1ZV',
} as const;

/** Copy of the Let's Connect page (/connect-with-us); the contacts themselves come from the studio record. */
export const contactCopy = {
  eyebrow: 'Contact',
  heading: "Let's Connect",
  lead: 'Whether it is a session, a course, a release or a collaboration, we would love to hear from you.',
  channels: {
    email: { heading: 'E-mail', text: 'For quotes, bookings and anything in detail.' },
    whatsapp: { heading: 'WhatsApp', text: 'For quick questions and visits.' },
    social: { heading: 'Follow us', text: 'New releases, classes and behind the scenes.' },
    address: { heading: 'Visit us', text: 'Please message us before you come by.', mapLabel: 'Open in Google Maps' },
  },
  forms: {
    heading: 'Prefer a form?',
    query: { label: 'Submit Your Query', href: '/query', text: 'Ask about courses, admissions or the masterclass.' },
    request: {
      label: 'Request a service',
      href: '/request-form',
      text: 'Tell us about your song, film or campaign and get a quote.',
    },
  },
} as const;

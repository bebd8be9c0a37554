/** Copy of the Coming Soon page (/upcoming). */
export const comingSoon = {
  eyebrow: 'Coming soon',
  heading: 'Something new is on its way',
  lead: 'We are putting the finishing touches on music distribution and new courses, so your releases and your learning can go further with us.',
  body: 'Until the launch, our studio services, certification and diploma courses are open as usual. Write to us or send a query if you want to be the first to hear when it goes live.',
} as const;

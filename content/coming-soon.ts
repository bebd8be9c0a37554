/** Copy of the Coming Soon page (/upcoming). */
export const comingSoon = {
  eyebrow: 'Coming soon',
  heading: 'Something new is on its way',
  lead: 'We are putting the finishing touches on music distribution and new courses, so your releases and your learning can go further with us.',
  body: 'Until the launch, our studio services, certification and diploma courses are open as usual. Write to us or send a query if you want to be the first to hear when it goes live.',
  countdownLabel: 'Time left until launch',
  /** Shown when the spec's countdown reaches zero. */
  live: 'We are live — thank you for waiting!',
  /** Shown once the studio's real launch moment (content/calendar.ts) has passed. */
  launched:
    'We have launched! Music distribution and the new courses are open: write to us or send a query to get started.',
  /** Before the countdown, when the launch moment is set: "Launching on …". */
  launchingOn: 'Launching on',
} as const;

/**
 * "Our Story" on the About page: eight entries from August 2022, when the studio was founded, to
 * 2025. The dates in between are the studio's to confirm.
 */
export interface TimelineEntry {
  date: string;
  text: string;
}

export const timeline: readonly TimelineEntry[] = [
  {
    date: 'Aug 2022',
    text: 'The studio is founded: one room, one desk and a promise to make independent music sound world-class.',
  },
  { date: 'Dec 2022', text: 'The first singles recorded, mixed and mastered in-house reach streaming platforms.' },
  { date: 'Mar 2023', text: 'A treated live room and vocal booth open, so full bands can record together.' },
  { date: 'Jul 2023', text: 'The institute welcomes its first batch of music production students.' },
  { date: 'Jan 2024', text: 'Sound design, Foley and video production join the studio’s services.' },
  { date: 'Jun 2024', text: 'The record label signs its first artists and starts releasing their music.' },
  { date: 'Nov 2024', text: 'Artist management and promotion begin: bookings, PR and tour support for our roster.' },
  { date: '2025', text: 'Relaunching soon: a new website, diploma courses and more room for artists.' },
];

/** The institute's news panel, "Right Now at" the institute (spec §2.5). */
export interface NewsItem {
  /** ISO date. */
  date: string;
  title: string;
  text: string;
}

export const newsHighlight: NewsItem = {
  date: '2025-07-01',
  title: 'Workshops and free demo classes are open',
  text: 'Sit in on a demo class before you enrol: meet the mentors, work on a real session and see how our certification and diploma courses are taught.',
};

export const newsItems: readonly NewsItem[] = [
  {
    date: '2025-07-02',
    title: 'Music production workshop: from beat to finished track',
    text: 'A hands-on weekend workshop on arrangement, sound selection and a first mix.',
  },
  {
    date: '2025-06-01',
    title: 'Admissions open for the 2025 music production batch',
    text: 'Register for the certification and diploma courses starting this year.',
  },
];

export const newsMore = { label: 'MORE', href: '/query', hint: 'Ask us about upcoming workshops and batches' } as const;

/** A diploma registration as the page sends it (learner `n`, 0 to 9), with the optional intake. */
export const diploma = (n: number, intake?: string) => ({
  Name: `Learner ${'abcdefghij'[n]}`,
  Email: `learner${n}@example.com`,
  Phone: `98765${String(n).padStart(5, '0')}`,
  Courses: 'Diploma in Music Production',
  Mode: 'Offline',
  Goals: '',
  Experience: 'Beginner',
  Timestamp: '2030-01-01T10:00:00+05:30',
  ...(intake === undefined ? {} : { Intake: intake }),
});

/**
 * The five diplomas, named exactly as the diploma registration form offers them (spec): the one list
 * for the diploma page (content/courses.ts) and the forms (content/forms/options.ts builds its options
 * from it). Kept apart from the course pages' text so a form's script does not carry that text.
 */
export const diplomaCourseNames = [
  'Diploma in Music Production',
  'Diploma in Sound Designing',
  'Diploma in Music Production & Music Business',
  'Diploma in Music Production & Sound Designing',
  'Diploma in Music Production, Sound Designing & Music Business',
] as const;

export type DiplomaName = (typeof diplomaCourseNames)[number];

/**
 * The fixed choices of the visitor forms, as the spec lists them. Schemas accept only these values
 * and the forms render them in this order.
 */
import { diplomaCourseNames } from '@/content/course-names';

/** One choice of a select, radio or checkbox group: the value sent and the label shown. */
export interface FormOption {
  readonly value: string;
  readonly label: string;
}

const same = <const T extends readonly string[]>(
  values: T,
): { readonly [K in keyof T]: { value: T[K]; label: T[K] } } =>
  values.map((value) => ({ value, label: value })) as unknown as {
    readonly [K in keyof T]: { value: T[K]; label: T[K] };
  };

/** The empty first entry of a select, which fails the required check. */
export const selectPlaceholder = '-- Select --';

export const talentCategories = same([
  'Battle of Bands',
  'Battle of Singer/Songwriter',
  'Battle of Rappers',
  'Battle of DJs',
  'Battle of Musicians (Instrument Battle)',
] as const);

export const performanceTypes = same(['Solo', 'Duo', 'Band/Group'] as const);

export const projectTypes = same([
  'Pro Music Composition',
  'Pro Audio Recording',
  'Pro Audio Editing & Arrangement',
  'Pro Sound Design',
  'Pro Audio Mixing',
  'Pro Audio Mastering',
  'Music Distribution',
  'Video Production',
  'Music Promotion',
  'Artist Management',
] as const);

export const certificationCourses = same([
  'Basic Music Production',
  'Intermediate Music Production',
  'Advanced Music Production',
  'Professional Music Production',
] as const);

/** The diplomas, from the one list the diploma page also reads. */
export const diplomaCourses = same(diplomaCourseNames);

export const learningModes = same(['Offline', 'Online'] as const);

/** The DAW that asks for the other-DAW text when ticked. */
export const OTHER_DAW = 'Other';

export const daws = [
  { value: 'Ableton Live', label: 'Ableton Live' },
  { value: 'Logic Pro', label: 'Logic Pro' },
  { value: OTHER_DAW, label: 'Other (please specify)' },
] as const satisfies readonly FormOption[];

export const masterclassLevels = same(['Beginner', 'Intermediate', 'Advanced'] as const);

/** The values of a list of options. */
export function optionValues(options: readonly FormOption[]): string[] {
  return options.map((o) => o.value);
}

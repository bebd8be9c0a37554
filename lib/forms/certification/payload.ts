import { object, string } from 'yup';
import { OTHER_DAW } from '@/content/forms/options';
import { isJoinOf, joinList, text } from '../rules';
import {
  certificationFormCourses,
  certificationMessages as m,
  certificationRules as r,
  dawValues,
  type CertificationValues,
} from './schema';

export const certificationPayloadKeys = [
  'Timestamp',
  'Name',
  'Email',
  'Phone',
  'Courses',
  'Mode',
  'DAW',
  'OtherDAW',
  'Goals',
  'Experience',
  'FinalNotes',
  'HearAboutUs',
] as const;
export type CertificationPayload = Record<(typeof certificationPayloadKeys)[number], string>;

/**
 * The certification payload (spec §7): values trimmed, courses and DAWs joined by ", ", OtherDAW
 * only when Other is ticked, Phone "" when not given.
 */
export function certificationPayload(v: CertificationValues, timestamp: string): CertificationPayload {
  return {
    Timestamp: timestamp,
    Name: v.fullName.trim(),
    Email: v.email.trim(),
    Phone: v.phone.trim(),
    Courses: joinList(v.courses),
    Mode: v.mode.trim(),
    DAW: joinList(v.daw),
    OtherDAW: v.daw.includes(OTHER_DAW) ? v.otherDaw.trim() : '',
    Goals: v.goals.trim(),
    Experience: v.experience.trim(),
    FinalNotes: v.finalNotes.trim(),
    HearAboutUs: v.hearAboutUs.trim(),
  };
}

/** The payload as the inbox receives it: the same rules as the form. */
export const certificationPayloadSchema = object({
  Timestamp: string().trim().required('Timestamp is required'),
  Name: r.fullName,
  Email: r.email,
  Phone: r.phone,
  Courses: text()
    .required(m.courses)
    .test('courses', m.courses, (v) => isJoinOf(v, certificationFormCourses)),
  Mode: r.mode,
  DAW: text()
    .required(m.daw)
    .test('daw', m.daw, (v) => isJoinOf(v, dawValues)),
  OtherDAW: text().when('DAW', {
    is: (chosen: string | undefined) => (chosen ?? '').split(', ').includes(OTHER_DAW),
    then: (s) => s.required(m.otherDaw),
  }),
  Goals: r.goals,
  Experience: r.experience,
  FinalNotes: r.finalNotes,
  HearAboutUs: r.hearAboutUs,
}).noUnknown('Unknown field: ${unknown}');

export const certificationFieldOfPayloadKey = {
  Name: 'fullName',
  Email: 'email',
  Phone: 'phone',
  Courses: 'courses',
  Mode: 'mode',
  DAW: 'daw',
  OtherDAW: 'otherDaw',
  Goals: 'goals',
  Experience: 'experience',
  FinalNotes: 'finalNotes',
  HearAboutUs: 'hearAboutUs',
} as const satisfies Record<string, keyof CertificationValues>;

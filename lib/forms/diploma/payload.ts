import { object, string } from 'yup';
import { isJoinOf, joinList, text } from '../rules';
import { diplomaCourseValues, diplomaMessages as m, diplomaRules as r, type DiplomaValues } from './schema';

export const diplomaPayloadKeys = [
  'Name',
  'Email',
  'Phone',
  'Courses',
  'Mode',
  'Goals',
  'Experience',
  'Timestamp',
] as const;
export type DiplomaPayload = Record<(typeof diplomaPayloadKeys)[number], string>;

/** The diploma payload (spec §7): values trimmed, courses joined by ", ". */
export function diplomaPayload(v: DiplomaValues, timestamp: string): DiplomaPayload {
  return {
    Name: v.name.trim(),
    Email: v.email.trim(),
    Phone: v.phone.trim(),
    Courses: joinList(v.courses),
    Mode: v.mode.trim(),
    Goals: v.goals.trim(),
    Experience: v.experience.trim(),
    Timestamp: timestamp,
  };
}

/** The payload as the inbox receives it: the same rules as the form. */
export const diplomaPayloadSchema = object({
  Name: r.name,
  Email: r.email,
  Phone: r.phone,
  Courses: text()
    .required(m.courses)
    .test('courses', m.courses, (v) => isJoinOf(v, diplomaCourseValues)),
  Mode: r.mode,
  Goals: r.goals,
  Experience: r.experience,
  Timestamp: string().trim().required('Timestamp is required'),
}).noUnknown('Unknown field: ${unknown}');

export const diplomaFieldOfPayloadKey = {
  Name: 'name',
  Email: 'email',
  Phone: 'phone',
  Courses: 'courses',
  Mode: 'mode',
  Goals: 'goals',
  Experience: 'experience',
} as const satisfies Record<string, keyof DiplomaValues>;

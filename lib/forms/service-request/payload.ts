import { object, string } from 'yup';
import { serviceRequestRules as r, type ServiceRequestValues } from './schema';

export const serviceRequestPayloadKeys = [
  'Name',
  'Email',
  'Phone',
  'Social',
  'ProjectType',
  'Platform',
  'Mood',
  'ReferenceLinks',
  'AdditionalInfo',
  'HeardFrom',
  'Timestamp',
] as const;
export type ServiceRequestPayload = Record<(typeof serviceRequestPayloadKeys)[number], string>;

/** The service request payload (spec §7), values trimmed; Social is "" when not given. */
export function serviceRequestPayload(v: ServiceRequestValues, timestamp: string): ServiceRequestPayload {
  return {
    Name: v.name.trim(),
    Email: v.email.trim(),
    Phone: v.phone.trim(),
    Social: v.social.trim(),
    ProjectType: v.projectType.trim(),
    Platform: v.platform.trim(),
    Mood: v.mood.trim(),
    ReferenceLinks: v.referenceLinks.trim(),
    AdditionalInfo: v.additionalInfo.trim(),
    HeardFrom: v.heardFrom.trim(),
    Timestamp: timestamp,
  };
}

/** The payload as the inbox receives it: the same rules as the form. */
export const serviceRequestPayloadSchema = object({
  Name: r.name,
  Email: r.email,
  Phone: r.phone,
  Social: r.social,
  ProjectType: r.projectType,
  Platform: r.platform,
  Mood: r.mood,
  ReferenceLinks: r.referenceLinks,
  AdditionalInfo: r.additionalInfo,
  HeardFrom: r.heardFrom,
  Timestamp: string().trim().required('Timestamp is required'),
}).noUnknown('Unknown field: ${unknown}');

export const serviceRequestFieldOfPayloadKey = {
  Name: 'name',
  Email: 'email',
  Phone: 'phone',
  Social: 'social',
  ProjectType: 'projectType',
  Platform: 'platform',
  Mood: 'mood',
  ReferenceLinks: 'referenceLinks',
  AdditionalInfo: 'additionalInfo',
  HeardFrom: 'heardFrom',
} as const satisfies Record<string, keyof ServiceRequestValues>;

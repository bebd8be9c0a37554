import { object, string } from 'yup';
import { talentShowRules as r, type TalentShowValues } from './schema';

export const talentShowPayloadKeys = [
  'FullName',
  'ContactNumber',
  'StageName',
  'Email',
  'Category',
  'PerformanceType',
  'DemoLink',
  'PhotoLink',
  'Bio',
  'Signature',
  'Timestamp',
] as const;

export type TalentShowPayload = Record<(typeof talentShowPayloadKeys)[number], string>;

/** The talent show payload (spec §7, the reading with a demo link and a photo link), values trimmed. */
export function talentShowPayload(v: TalentShowValues, timestamp: string): TalentShowPayload {
  return {
    FullName: v.fullName.trim(),
    ContactNumber: v.contactNumber.trim(),
    StageName: v.stageName.trim(),
    Email: v.email.trim(),
    Category: v.category.trim(),
    PerformanceType: v.performanceType.trim(),
    DemoLink: v.demoLink.trim(),
    PhotoLink: v.photoLink.trim(),
    Bio: v.bio.trim(),
    Signature: v.signature.trim(),
    Timestamp: timestamp,
  };
}

/** The payload as the inbox receives it: the same rules as the form. */
export const talentShowPayloadSchema = object({
  FullName: r.fullName,
  ContactNumber: r.contactNumber,
  StageName: r.stageName,
  Email: r.email,
  Category: r.category,
  PerformanceType: r.performanceType,
  DemoLink: r.demoLink,
  PhotoLink: r.photoLink,
  Bio: r.bio,
  Signature: r.signature,
  Timestamp: string().trim().required('Timestamp is required'),
}).noUnknown('Unknown field: ${unknown}');

/** The form field of each payload key. */
export const talentShowFieldOfPayloadKey = {
  FullName: 'fullName',
  ContactNumber: 'contactNumber',
  StageName: 'stageName',
  Email: 'email',
  Category: 'category',
  PerformanceType: 'performanceType',
  DemoLink: 'demoLink',
  PhotoLink: 'photoLink',
  Bio: 'bio',
  Signature: 'signature',
} as const satisfies Record<string, keyof TalentShowValues>;

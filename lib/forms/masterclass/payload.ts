import { object } from 'yup';
import { MASTERCLASS_SCHEDULE } from '@/content/forms/options';
import { text } from '../rules';
import { masterclassRules as r, type MasterclassValues } from './schema';

/** The spec's masterclass payload has no Timestamp. */
export const masterclassPayloadKeys = ['name', 'email', 'phone', 'city', 'level', 'schedule'] as const;
export type MasterclassPayload = Record<(typeof masterclassPayloadKeys)[number], string>;

/** The masterclass payload (spec §7), values trimmed, with the fixed schedule "Fri 2pm". */
export function masterclassPayload(v: MasterclassValues): MasterclassPayload {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    city: v.city.trim(),
    level: v.level.trim(),
    schedule: MASTERCLASS_SCHEDULE,
  };
}

/** The payload as the inbox receives it: the same rules as the form. */
export const masterclassPayloadSchema = object({
  ...r,
  schedule: text().required('Schedule is required').oneOf([MASTERCLASS_SCHEDULE], 'Unknown schedule'),
}).noUnknown('Unknown field: ${unknown}');

export const masterclassFieldOfPayloadKey = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  city: 'city',
  level: 'level',
} as const satisfies Record<string, keyof MasterclassValues>;

import { object, string } from 'yup';
import { stripMarkup } from '../typing';
import { queryRules as r, type QueryValues } from './schema';

export const queryPayloadKeys = ['Name', 'Email', 'Query', 'Timestamp'] as const;
export type QueryPayload = Record<(typeof queryPayloadKeys)[number], string>;

const clean = (value: string) => stripMarkup(value).trim();

/** The query payload (spec §7): markup tags stripped, values trimmed. */
export function queryPayload(v: QueryValues, timestamp: string): QueryPayload {
  return { Name: clean(v.name), Email: clean(v.email), Query: clean(v.query), Timestamp: timestamp };
}

/** The payload as the inbox receives it: the same rules as the form. */
export const queryPayloadSchema = object({
  Name: r.name,
  Email: r.email,
  Query: r.query,
  Timestamp: string().trim().required('Timestamp is required'),
}).noUnknown('Unknown field: ${unknown}');

export const queryFieldOfPayloadKey = { Name: 'name', Email: 'email', Query: 'query' } as const satisfies Record<
  string,
  keyof QueryValues
>;

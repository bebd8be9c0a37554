import type { AnyObjectSchema } from 'yup';

/** The six visitor forms that post to an external service, or to the bundled inbox when none is configured. */
export const inboxFormNames = [
  'talent-show',
  'query',
  'service-request',
  'certification',
  'diploma',
  'masterclass',
] as const;
export type InboxFormName = (typeof inboxFormNames)[number];

/** A payload as sent: the spec's exact keys, string (or string-list) values. */
export type Payload = Record<string, string | readonly string[]>;

/**
 * What the service needs to know of a form: its name, a human title for the dashboard, the yup
 * schema of the payload it receives (the same rules as the form's own schema) and the payload
 * keys in the order the dashboard shows them.
 */
export interface InboxFormDefinition {
  readonly name: InboxFormName;
  readonly title: string;
  readonly payloadSchema: AnyObjectSchema;
  readonly payloadKeys: readonly string[];
}

import type { AnyObjectSchema } from 'yup';
import type { InboxFormDefinition, Payload } from './types';

/** How a form's payload travels when an external endpoint is configured (spec part 2, §7). */
export type Transport = 'json' | 'script';

/** The texts a form shows around sending: its button, in-progress label and outcome messages. */
interface OutcomeMessages {
  readonly submit: string;
  readonly busy: string;
  /** Shown after a successful send (forms that navigate away may show it briefly or not at all). */
  readonly success?: string;
  /** The service answered with a failure status. */
  readonly failed: string;
  /** The request could not be made (network error). */
  readonly networkError: string;
}

/**
 * Everything the UI needs to know about one visitor form, with no React in it: values schema,
 * initial values, payload mapping, transport and messages. The service reads `definition`.
 */
export interface FormModule<V extends object> {
  readonly definition: InboxFormDefinition;
  readonly transport: Transport;
  readonly schema: AnyObjectSchema;
  readonly initialValues: V;
  /** Maps valid values to the spec's payload (`timestamp` from lib/forms/timestamp). */
  readonly toPayload: (values: V, timestamp: string) => Payload;
  /** The form field each payload key comes from, to show the service's field errors in place. */
  readonly fieldOfPayloadKey: Readonly<Record<string, keyof V & string>>;
  readonly messages: OutcomeMessages;
  /** Fields never written to the session draft. */
  readonly draftOmit?: readonly (keyof V & string)[];
}

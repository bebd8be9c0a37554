import type { FormModule } from '../module';
import type { InboxFormDefinition } from '../types';
import { queryFieldOfPayloadKey, queryPayload, queryPayloadKeys, queryPayloadSchema } from './payload';
import { queryInitialValues, queryMessages, querySchema, type QueryValues } from './schema';

export * from './schema';
export * from './payload';

export const queryDefinition: InboxFormDefinition = {
  name: 'query',
  title: 'Query',
  payloadSchema: queryPayloadSchema,
  payloadKeys: queryPayloadKeys,
};

/** The query form: posted as JSON to a sheet service, or to the inbox. */
export const queryForm: FormModule<QueryValues> = {
  definition: queryDefinition,
  transport: 'json',
  schema: querySchema,
  initialValues: queryInitialValues,
  toPayload: queryPayload,
  fieldOfPayloadKey: queryFieldOfPayloadKey,
  messages: queryMessages,
};

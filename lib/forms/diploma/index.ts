import type { FormModule } from '../module';
import type { InboxFormDefinition } from '../types';
import { diplomaFieldOfPayloadKey, diplomaPayload, diplomaPayloadKeys, diplomaPayloadSchema } from './payload';
import { diplomaInitialValues, diplomaMessages, diplomaSchema, type DiplomaValues } from './schema';

export * from './schema';
export * from './payload';

export const diplomaDefinition: InboxFormDefinition = {
  name: 'diploma',
  title: 'Diploma course registration',
  payloadSchema: diplomaPayloadSchema,
  payloadKeys: diplomaPayloadKeys,
};

/** The diploma registration: posted to a script endpoint as a simple request, or to the inbox. */
export const diplomaForm: FormModule<DiplomaValues> = {
  definition: diplomaDefinition,
  transport: 'script',
  schema: diplomaSchema,
  initialValues: diplomaInitialValues,
  toPayload: diplomaPayload,
  fieldOfPayloadKey: diplomaFieldOfPayloadKey,
  messages: diplomaMessages,
};

import type { FormModule } from '../module';
import type { InboxFormDefinition } from '../types';
import {
  masterclassFieldOfPayloadKey,
  masterclassPayload,
  masterclassPayloadKeys,
  masterclassPayloadSchema,
} from './payload';
import { masterclassInitialValues, masterclassMessages, masterclassSchema, type MasterclassValues } from './schema';

export * from './schema';
export * from './payload';

export const masterclassDefinition: InboxFormDefinition = {
  name: 'masterclass',
  title: 'Masterclass sign-up',
  payloadSchema: masterclassPayloadSchema,
  payloadKeys: masterclassPayloadKeys,
};

/** The masterclass sign-up: posted to a script web app as a simple request, or to the inbox. */
export const masterclassForm: FormModule<MasterclassValues> = {
  definition: masterclassDefinition,
  transport: 'script',
  schema: masterclassSchema,
  initialValues: masterclassInitialValues,
  toPayload: (values) => masterclassPayload(values),
  fieldOfPayloadKey: masterclassFieldOfPayloadKey,
  messages: masterclassMessages,
  draftOmit: ['agreeTerms'],
};

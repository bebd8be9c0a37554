import type { FormModule } from '../module';
import type { InboxFormDefinition } from '../types';
import {
  talentShowFieldOfPayloadKey,
  talentShowPayload,
  talentShowPayloadKeys,
  talentShowPayloadSchema,
} from './payload';
import { talentShowInitialValues, talentShowMessages, talentShowSchema, type TalentShowValues } from './schema';

export * from './schema';
export * from './payload';

export const talentShowDefinition: InboxFormDefinition = {
  name: 'talent-show',
  title: 'Talent show registration',
  payloadSchema: talentShowPayloadSchema,
  payloadKeys: talentShowPayloadKeys,
};

/** The talent show registration: posted as JSON to a sheet service, or to the inbox. */
export const talentShowForm: FormModule<TalentShowValues> = {
  definition: talentShowDefinition,
  transport: 'json',
  schema: talentShowSchema,
  initialValues: talentShowInitialValues,
  toPayload: talentShowPayload,
  fieldOfPayloadKey: talentShowFieldOfPayloadKey,
  messages: talentShowMessages,
};

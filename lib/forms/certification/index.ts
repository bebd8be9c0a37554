import type { FormModule } from '../module';
import type { InboxFormDefinition } from '../types';
import {
  certificationFieldOfPayloadKey,
  certificationPayload,
  certificationPayloadKeys,
  certificationPayloadSchema,
} from './payload';
import {
  certificationInitialValues,
  certificationMessages,
  certificationSchema,
  type CertificationValues,
} from './schema';

export * from './schema';
export * from './payload';

export const certificationDefinition: InboxFormDefinition = {
  name: 'certification',
  title: 'Certification course registration',
  payloadSchema: certificationPayloadSchema,
  payloadKeys: certificationPayloadKeys,
};

/** The certification registration: posted to a script endpoint as a simple request, or to the inbox. */
export const certificationForm: FormModule<CertificationValues> = {
  definition: certificationDefinition,
  transport: 'script',
  schema: certificationSchema,
  initialValues: certificationInitialValues,
  toPayload: certificationPayload,
  fieldOfPayloadKey: certificationFieldOfPayloadKey,
  messages: certificationMessages,
};

import type { FormModule } from '../module';
import type { InboxFormDefinition } from '../types';
import {
  serviceRequestFieldOfPayloadKey,
  serviceRequestPayload,
  serviceRequestPayloadKeys,
  serviceRequestPayloadSchema,
} from './payload';
import {
  serviceRequestInitialValues,
  serviceRequestMessages,
  serviceRequestSchema,
  type ServiceRequestValues,
} from './schema';

export * from './schema';
export * from './payload';

export const serviceRequestDefinition: InboxFormDefinition = {
  name: 'service-request',
  title: 'Service request',
  payloadSchema: serviceRequestPayloadSchema,
  payloadKeys: serviceRequestPayloadKeys,
};

/** The service request form: posted to a script endpoint as a simple request, or to the inbox. */
export const serviceRequestForm: FormModule<ServiceRequestValues> = {
  definition: serviceRequestDefinition,
  transport: 'script',
  schema: serviceRequestSchema,
  initialValues: serviceRequestInitialValues,
  toPayload: serviceRequestPayload,
  fieldOfPayloadKey: serviceRequestFieldOfPayloadKey,
  messages: serviceRequestMessages,
};

import { certificationDefinition } from './certification';
import { diplomaDefinition } from './diploma';
import { masterclassDefinition } from './masterclass';
import { queryDefinition } from './query';
import { serviceRequestDefinition } from './service-request';
import { talentShowDefinition } from './talent-show';
import type { InboxFormDefinition, InboxFormName } from './types';

/** Every inbox form by name: the service validates each incoming payload with its `payloadSchema`. */
export const inboxForms: Record<InboxFormName, InboxFormDefinition> = {
  'talent-show': talentShowDefinition,
  query: queryDefinition,
  'service-request': serviceRequestDefinition,
  certification: certificationDefinition,
  diploma: diplomaDefinition,
  masterclass: masterclassDefinition,
};

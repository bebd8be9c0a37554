import { certificationForm } from './certification';
import type { FormModule } from './declaration';
import { diplomaForm } from './diploma';
import { masterclassForm } from './masterclass';
import { proAudioForm } from './pro-audio/schema';
import { queryForm } from './query';
import { serviceRequestForm } from './service-request';
import { talentShowForm } from './talent-show';
import type { InboxFormName } from './types';

/** An inbox form as the service and the dashboard see it (values typed loosely). */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds forms of different value types.
export type AnyForm = FormModule<any>;

/** Every inbox form by name: the service checks each incoming payload with its declaration. */
export const inboxForms: Record<InboxFormName, AnyForm> = {
  'talent-show': talentShowForm,
  query: queryForm,
  'service-request': serviceRequestForm,
  certification: certificationForm,
  diploma: diplomaForm,
  masterclass: masterclassForm,
};

/** The label of each payload key of a form, in payload order: dashboard columns and CSV headers. */
export function formLabels(form: InboxFormName | 'pro-audio'): Readonly<Record<string, string>> {
  return (form === 'pro-audio' ? proAudioForm : inboxForms[form]).labels;
}

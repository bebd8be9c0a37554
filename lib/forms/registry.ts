import { certificationForm } from './certification';
import type { FormModule } from './declaration';
import { diplomaForm } from './diploma';
import { masterclassForm } from './masterclass';
import { nobody, type Person, personOf } from './person';
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

/**
 * Who a stored payload of a form is from (its declaration's name, e-mail and phone fields); nobody
 * for a form the site does not declare.
 */
export function personOfForm(form: string, payload: Readonly<Record<string, unknown>>): Person {
  const declared: AnyForm | undefined =
    form === proAudioForm.name
      ? proAudioForm
      : Object.hasOwn(inboxForms, form)
        ? inboxForms[form as InboxFormName]
        : undefined;
  return declared ? personOf(declared.declaration, payload) : nobody;
}

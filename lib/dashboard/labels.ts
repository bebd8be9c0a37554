import { formLabels } from '@/lib/forms/registry';
import { inboxFormNames, type InboxFormName } from '@/lib/forms/types';

const isForm = (form: string): form is InboxFormName | 'pro-audio' =>
  form === 'pro-audio' || (inboxFormNames as readonly string[]).includes(form);

/**
 * The column label of `key` in `form`'s table: the label the form's declaration shows the visitor
 * (lib/forms), else the key spaced out (columns that are not form fields).
 */
export function columnLabel(form: string, key: string): string {
  const declared = isForm(form) ? formLabels(form)[key] : undefined;
  return declared ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

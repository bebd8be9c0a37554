import type { InboxFormDefinition, InboxFormName } from './types';
export const inboxForms: Partial<Record<InboxFormName, InboxFormDefinition>> = {};

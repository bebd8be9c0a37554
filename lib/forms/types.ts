/** The six visitor forms that post to an external service, or to the bundled inbox when none is configured. */
export const inboxFormNames = [
  'talent-show',
  'query',
  'service-request',
  'certification',
  'diploma',
  'masterclass',
] as const;
export type InboxFormName = (typeof inboxFormNames)[number];

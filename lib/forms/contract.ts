import { inboxFormNames, type InboxFormName } from './types';

/**
 * The paths of the form routes, shared by the service (server/service.ts) and the browser's client
 * (lib/service-client.ts). Paths only: the route types the client is checked against come from
 * server/contract.ts, so nothing here depends on the server.
 */

/** Where the pro audio form posts and staff read its rows (the spec's path). */
export const proAudioPath = '/pro-audio-form/save-form.php';

/** The bundled service's inbox address of a form (`:form` gives the route pattern). */
export function inboxPath<N extends InboxFormName | ':form'>(form: N): `/api/forms/${N}` {
  return `/api/forms/${form}`;
}

/** Where a form posts on the service: its inbox path, or the pro audio path. */
export function postPath(form: string): `/${string}` {
  return (inboxFormNames as readonly string[]).includes(form) ? `/api/forms/${form}` : proAudioPath;
}

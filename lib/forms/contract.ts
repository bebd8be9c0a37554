import { hc } from 'hono/client';
import type { FormRoutes } from '@/server/service';
import { inboxFormNames, type InboxFormName } from './types';

/**
 * The browser–service contract of the forms, in one place: the paths, the typed client over the
 * service's own routes (hono/client: request bodies and answers come from the route types), and the
 * reading of an error answer, checked rather than cast.
 */

/** Where the pro audio form posts and staff read its rows, on the site's own host (the spec's path). */
export const proAudioPath = '/pro-audio-form/save-form.php';

/** The bundled service's inbox address of a form (`:form` gives the route pattern). */
export function inboxPath<N extends InboxFormName | ':form'>(form: N): `/api/forms/${N}` {
  return `/api/forms/${form}`;
}

/** Where a form posts on the bundled service: its inbox path, or the pro audio path. */
export function postPath(form: string): string {
  return (inboxFormNames as readonly string[]).includes(form) ? `/api/forms/${form}` : proAudioPath;
}

/** A typed client for the form routes, on the page's own origin (or `base` in tests). */
export function formsClient(base = globalThis.location?.origin ?? 'http://localhost', fetchImpl?: typeof fetch) {
  return hc<FormRoutes>(base, fetchImpl ? { fetch: fetchImpl } : undefined);
}

/** An answer as read: the service's message and field errors, when they have the right shape. */
export interface ServiceAnswer {
  readonly message?: string;
  readonly fieldErrors?: Readonly<Record<string, string>>;
}

/** Reads `{ message?, errors? }` from an answer's JSON (success or error) without trusting its shape; never throws. */
export async function readAnswer(response: Response): Promise<ServiceAnswer> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return {};
  }
  if (typeof body !== 'object' || body === null) return {};
  const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
  const errors = 'errors' in body && typeof body.errors === 'object' && body.errors !== null ? body.errors : {};
  const fieldErrors = Object.fromEntries(
    Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return {
    ...(message !== undefined ? { message } : {}),
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
  };
}

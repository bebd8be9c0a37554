import type { Transport } from '@/lib/forms/module';
import type { InboxFormName, Payload } from '@/lib/forms/types';

/** The outcome of sending a form: never an exception. */
export type SubmitResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** 'network': the request could not be made; 'status': the service answered with a failure. */
      readonly reason: 'network' | 'status';
      readonly status?: number;
      /** The service's own message, when it sent one (for logs; the UI shows the spec's message). */
      readonly message?: string;
      /** Field errors from the inbox, keyed by payload key. */
      readonly fieldErrors?: Readonly<Record<string, string>>;
    };

export interface SubmitOptions {
  readonly form: InboxFormName;
  /** The form's external endpoint; undefined posts to the bundled inbox at /api/forms/<form>. */
  readonly endpoint?: string;
  readonly transport: Transport;
  readonly payload: Payload;
  readonly fetchImpl?: typeof fetch;
  /** The page's origin (defaults to location.origin), to tell a cross-origin script endpoint. */
  readonly pageOrigin?: string;
}

/** The bundled service's inbox address of a form. */
export function inboxPath(form: InboxFormName): string {
  return `/api/forms/${form}`;
}

/** Reads a JSON failure answer `{ message?, errors? }` without ever throwing. */
async function readFailure(response: Response): Promise<{ message?: string; fieldErrors?: Record<string, string> }> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return {};
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    const fieldErrors: Record<string, string> = {};
    if (typeof errors === 'object' && errors !== null) {
      for (const [key, value] of Object.entries(errors)) {
        if (typeof value === 'string') fieldErrors[key] = value;
        else if (Array.isArray(value) && typeof value[0] === 'string') fieldErrors[key] = value[0];
      }
    }
    return {
      ...(typeof message === 'string' ? { message } : {}),
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    };
  } catch {
    return {};
  }
}

function isCrossOrigin(endpoint: string, pageOrigin: string | undefined): boolean {
  try {
    return pageOrigin === undefined || new URL(endpoint, pageOrigin).origin !== pageOrigin;
  } catch {
    return true;
  }
}

/**
 * Sends a form's payload and reports the outcome; never throws. With no endpoint it posts JSON to
 * the bundled inbox and reads the answer. With an external endpoint it uses the spec's transport:
 * 'json' posts JSON and trusts an ok status (the body is read only on failure); 'script' posts a
 * simple request (text/plain JSON, no-cors when cross-origin) whose answer cannot be read, so any
 * call that does not throw counts as success.
 */
export async function submitForm(options: SubmitOptions): Promise<SubmitResult> {
  const { form, endpoint, transport, payload } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  const body = JSON.stringify(payload);
  try {
    if (endpoint === undefined || transport === 'json') {
      const response = await fetchImpl(endpoint ?? inboxPath(form), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body,
      });
      if (response.ok) return { ok: true };
      return { ok: false, reason: 'status', status: response.status, ...(await readFailure(response)) };
    }
    const pageOrigin = options.pageOrigin ?? globalThis.location?.origin;
    await fetchImpl(endpoint, {
      method: 'POST',
      mode: isCrossOrigin(endpoint, pageOrigin) ? 'no-cors' : 'cors',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body,
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: 'network', message: error instanceof Error ? error.message : String(error) };
  }
}

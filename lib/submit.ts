import { formsClient, readAnswer } from '@/lib/forms/contract';
import type { Payload, Transport } from '@/lib/forms/declaration';
import { inboxFormNames, type InboxFormName } from '@/lib/forms/types';

/** The outcome of sending a form: never an exception. */
export type SubmitResult =
  | {
      readonly ok: true;
      /** The service's own message, when it sent one (the pro audio form shows it). */
      readonly message?: string;
    }
  | {
      readonly ok: false;
      /** 'network': the request could not be made; 'status': the service answered with a failure. */
      readonly reason: 'network' | 'status';
      readonly status?: number;
      /** The service's own message, when it sent one (for logs; the UI shows the spec's message). */
      readonly message?: string;
      /** Field errors from the service, keyed by payload key. */
      readonly fieldErrors?: Readonly<Record<string, string>>;
    };

interface SendingForm {
  readonly name: string;
  readonly declaration: { readonly transport: Transport };
}

export interface SubmitOptions {
  /** The form's name and transport (a FormModule). */
  readonly form: SendingForm;
  /** The form's external endpoint; undefined posts to the bundled service. */
  readonly endpoint?: string;
  readonly payload: Payload;
  readonly fetchImpl?: typeof fetch;
  /** The page's origin (defaults to location.origin), to tell a cross-origin script endpoint. */
  readonly pageOrigin?: string;
}

function isCrossOrigin(endpoint: string, pageOrigin: string | undefined): boolean {
  try {
    return pageOrigin === undefined || new URL(endpoint, pageOrigin).origin !== pageOrigin;
  } catch {
    return true;
  }
}

const isInboxForm = (name: string): name is InboxFormName => (inboxFormNames as readonly string[]).includes(name);

/** Posts to the bundled service through its typed client. */
function postToService(form: SendingForm, payload: Payload, origin: string | undefined, fetchImpl?: typeof fetch) {
  const client = formsClient(origin, fetchImpl);
  return isInboxForm(form.name)
    ? client.api.forms[':form'].$post({ param: { form: form.name }, json: payload })
    : client['pro-audio-form']['save-form.php'].$post({ json: payload });
}

/**
 * Sends a form's payload and reports the outcome; never throws. With no endpoint it posts JSON to
 * the bundled service and reads the answer. With an external endpoint it uses the spec's transport:
 * 'json' posts JSON and trusts an ok status (the body is read only on failure); 'script' posts a
 * simple request (text/plain JSON, no-cors when cross-origin) whose answer cannot be read, so any
 * call that does not throw counts as success.
 */
export async function submitForm(options: SubmitOptions): Promise<SubmitResult> {
  const { form, endpoint, payload, fetchImpl } = options;
  const pageOrigin = options.pageOrigin ?? globalThis.location?.origin;
  try {
    if (endpoint === undefined || form.declaration.transport === 'json') {
      const response =
        endpoint === undefined
          ? await postToService(form, payload, pageOrigin, fetchImpl)
          : await (fetchImpl ?? fetch)(endpoint, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              body: JSON.stringify(payload),
            });
      if (response.ok)
        return endpoint === undefined ? { ok: true, message: (await readAnswer(response)).message } : { ok: true };
      return { ok: false, reason: 'status', status: response.status, ...(await readAnswer(response)) };
    }
    await (fetchImpl ?? fetch)(endpoint, {
      method: 'POST',
      mode: isCrossOrigin(endpoint, pageOrigin) ? 'no-cors' : 'cors',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(payload),
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: 'network', message: error instanceof Error ? error.message : String(error) };
  }
}

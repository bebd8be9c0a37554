import type { Payload, Transport } from '@/lib/forms/declaration';
import { inboxFormNames, type InboxFormName } from '@/lib/forms/types';
import { formsClient, readAnswer } from '@/lib/service-client';

/** The outcome of sending a form: never an exception. */
export type SubmitResult =
  | {
      readonly ok: true;
      /** The service's own message, when it sent one (the pro audio form shows it). */
      readonly message?: string;
      /** The service accepted it to act on later (202: a place on a waitlist); its message says what happens. */
      readonly queued?: boolean;
    }
  | {
      readonly ok: false;
      /**
       * 'network': the request could not be made, or its answer could not be read (an endpoint that
       * does not answer cross-origin requests); 'status': the service answered with a failure.
       */
      readonly reason: 'network' | 'status';
      readonly status?: number;
      /** The service's own message, when it sent one (the UI shows the spec's message, followed by this one for a 503: `failureMessage`). */
      readonly message?: string;
      /** Field errors from the service, keyed by payload key. */
      readonly fieldErrors?: Readonly<Record<string, string>>;
    };

/**
 * What a form shows when it was not sent (its fields kept as typed): the spec's message for a failure
 * or a network error; when the service answered 503 with its own message (the site not open yet in
 * preview, the database away for a minute), that message follows the spec's, since it says why.
 */
export function failureMessage(
  result: Extract<SubmitResult, { ok: false }>,
  messages: { readonly failed: string; readonly networkError: string },
): string {
  if (result.reason === 'network') return messages.networkError;
  return result.status === 503 && result.message ? `${messages.failed} ${result.message}` : messages.failed;
}

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
  /** The service's base address (defaults to lib/service-client's: NEXT_PUBLIC_SERVICE_URL or the page's origin). */
  readonly serviceBase?: string;
}

const isInboxForm = (name: string): name is InboxFormName => (inboxFormNames as readonly string[]).includes(name);

/** Posts to the bundled service through its typed client. */
function postToService(form: SendingForm, payload: Payload, base: string | undefined, fetchImpl?: typeof fetch) {
  const client = formsClient(base, fetchImpl);
  return isInboxForm(form.name)
    ? client.api.forms[':form'].$post({ param: { form: form.name }, json: payload })
    : client['pro-audio-form']['save-form.php'].$post({ json: payload });
}

/**
 * Sends a form's payload and reports the outcome; never throws. With no endpoint it posts JSON to
 * the service and reads the answer. With an external endpoint it uses the spec's transport: 'json'
 * posts JSON and trusts an ok status (the body is read only on failure); 'script' posts a simple
 * request (JSON as text/plain, no custom header, so no preflight: what a script web app such as
 * Apps Script can take) in normal mode, and counts it a success only when the answer can be read
 * and says ok. An endpoint that does not answer cross-origin requests makes the browser refuse
 * the answer, and the visitor is told it did not go through rather than that it did (the spec's
 * no-cors mode would call that a success without knowing). The bundled service takes such a
 * request, so an endpoint that is the service works.
 */
export async function submitForm(options: SubmitOptions): Promise<SubmitResult> {
  const { form, endpoint, payload, fetchImpl } = options;
  try {
    if (endpoint === undefined || form.declaration.transport === 'json') {
      const response =
        endpoint === undefined
          ? await postToService(form, payload, options.serviceBase, fetchImpl)
          : await (fetchImpl ?? fetch)(endpoint, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
              body: JSON.stringify(payload),
            });
      if (response.ok)
        return endpoint === undefined
          ? {
              ok: true,
              message: (await readAnswer(response)).message,
              ...(response.status === 202 ? { queued: true } : {}),
            }
          : { ok: true };
      return { ok: false, reason: 'status', status: response.status, ...(await readAnswer(response)) };
    }
    const response = await (fetchImpl ?? fetch)(endpoint, {
      method: 'POST',
      mode: 'cors',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(payload),
    });
    if (response.ok) return { ok: true };
    return { ok: false, reason: 'status', status: response.status, ...(await readAnswer(response)) };
  } catch (error) {
    return { ok: false, reason: 'network', message: error instanceof Error ? error.message : String(error) };
  }
}

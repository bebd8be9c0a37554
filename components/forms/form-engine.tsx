'use client';

import { Form, Formik, useFormikContext, type FormikTouched } from 'formik';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/components/shell/use-hydrated';
import { clearDraft, createDraftWriter, loadDraft } from '@/lib/draft';
import { HONEYPOT_NAME, MIN_FILL_MS, pageShownAt, spamVerdict, tooFastMessage } from '@/lib/forms/anti-spam';
import { optionValuesOf, type FormModule, type Payload } from '@/lib/forms/declaration';
import { optionFromLink } from '@/lib/forms/link-option';
import { formTimestamp } from '@/lib/forms/timestamp';
import { collectErrors } from '@/lib/forms/validate';
import { formAction } from '@/lib/service-client';
import { failureMessage, submitForm, type SubmitResult } from '@/lib/submit';
import { PrivacyNotice } from './privacy-notice';
import { DeclaredFields, type FieldSlots } from './declared-fields';
import { FormUiContext, focusFirstInvalid, type ErrorTiming } from './form-ui';
import { earlyTouched, typedBeforeScript } from './early-typing';
import styles from './forms.module.css';

/** Sends a payload; the default posts through lib/submit, tests pass their own. */
export type SendPayload = (payload: Payload) => Promise<SubmitResult>;

type Status = { kind: 'success' | 'info' | 'error'; message: string } | undefined;

/** How to reach the studio without the form. */
interface NoScriptContact {
  readonly email: string;
  readonly whatsapp: string;
}

/** What a page gives each visitor form: where it posts, how it sends, and how it is named and reached without it. */
export interface VisitorFormProps {
  /** The form's external endpoint (from lib/env, passed by the page); none posts to the bundled service. */
  endpoint?: string;
  send?: SendPayload;
  /** Minimum time between the form appearing and a submit, against bots. */
  minFillMs?: number;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** The studio's e-mail and WhatsApp, shown (without JavaScript) instead of the button of a form for an external endpoint. */
  contact?: NoScriptContact;
}

export interface FormEngineProps<V extends object> extends VisitorFormProps {
  module: FormModule<V>;
  timing: ErrorTiming;
  /** Runs after a successful send, once the form is cleared, before going to the declared success page. */
  onSuccess?: (values: V) => void;
  /** How long the success message stays; undefined keeps it. */
  successMs?: number;
  /** The success message shows as an alert (the pro audio form), and the service's own message is shown. */
  successAlert?: boolean;
  /** False keeps the submit button disabled (the masterclass terms box). */
  canSubmit?: (values: V) => boolean;
  /** Text under the submit button while it is disabled by canSubmit. */
  blockedHint?: string;
  /** Fields rendered by the form itself rather than from the declaration. */
  slots?: FieldSlots;
  /** Query parameter whose value preselects an option of `preselect.field` (`/request-form?service=mixing`). */
  preselect?: { param: string; field: keyof V & string };
  /** The submit button's text instead of the declared one (Join the waitlist, for a full session chosen). */
  submitLabel?: string;
  /** Controls of the form's own before its fields (the masterclass session), sent with it without JavaScript. */
  lead?: ReactNode;
  /** Controls of the form's own after its fields (a course's intake), sent with it without JavaScript. */
  children?: ReactNode;
}

/**
 * One visitor form, drawn from its declaration: formik with the declared rules, the session draft,
 * the anti-spam checks, the send through lib/submit, the spec's in-progress label and outcome
 * messages in live regions, focus on the first invalid field after a failed submit and on the
 * outcome after a send, and the declared success page. Values are kept on every failure.
 *
 * Without JavaScript the same HTML posts to the bundled service (method="post", the form's inbox
 * path), which answers with the success page or a list of what was wrong; a form configured for an
 * external endpoint shows the studio's e-mail and WhatsApp instead.
 */
export function FormEngine<V extends object>(props: FormEngineProps<V>) {
  const { module, endpoint, timing, minFillMs = MIN_FILL_MS, onSuccess, successMs, successAlert } = props;
  const router = useRouter();
  const send = useMemo<SendPayload>(
    () => props.send ?? ((payload) => submitForm({ form: module, endpoint, payload })),
    [props.send, module, endpoint],
  );
  const [status, setStatus] = useState<Status>(undefined);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startedAt = useRef(0);
  const honeypot = useRef<HTMLInputElement>(null);
  const idPrefix = `${module.name}${useId().replace(/:/g, '')}`;
  const writer = useMemo(() => createDraftWriter(module.name, module.draftOmit), [module.name, module.draftOmit]);

  useEffect(
    () => () => {
      writer.flush();
      clearTimeout(statusTimer.current);
    },
    [writer],
  );

  const showStatus = (next: Status, clearAfterMs?: number) => {
    clearTimeout(statusTimer.current);
    setStatus(next);
    if (next && clearAfterMs !== undefined) statusTimer.current = setTimeout(() => setStatus(undefined), clearAfterMs);
  };

  return (
    <FormUiContext.Provider value={{ idPrefix, timing }}>
      <Formik<V>
        initialValues={module.initialValues}
        validate={(values) => collectErrors(module.schema, values)}
        onSubmit={async (values, helpers) => {
          const verdict = spamVerdict({
            honeypot: honeypot.current?.value ?? '',
            startedAt: startedAt.current,
            now: Date.now(),
            minFillMs,
          });
          if (verdict === 'too-fast') {
            showStatus({ kind: 'info', message: tooFastMessage });
            startedAt.current = Date.now() - minFillMs;
            return;
          }
          showStatus(undefined);
          // A bot that filled the honeypot is told it worked, and nothing is sent.
          const result: SubmitResult =
            verdict === 'bot' ? { ok: true } : await send(module.toPayload(values, formTimestamp()));
          if (result.ok) {
            writer.cancel();
            clearDraft(module.name);
            helpers.resetForm();
            // Accepted for later (a place on a waitlist): the service's message says what happens; the page stays.
            if (result.queued && result.message) {
              showStatus({ kind: 'success', message: result.message });
              return;
            }
            const message = (successAlert ? result.message : undefined) ?? module.messages.success;
            if (message) showStatus({ kind: 'success', message }, successMs);
            onSuccess?.(values);
            if (module.declaration.successPath) router.push(module.declaration.successPath);
            return;
          }
          const message = failureMessage(result, module.messages);
          showStatus({ kind: 'error', message });
          const fieldErrors = Object.entries(result.fieldErrors ?? {}).flatMap(([key, text]) => {
            const field = module.fieldOfPayloadKey[key];
            return field ? [[field, text] as const] : [];
          });
          if (fieldErrors.length > 0) {
            helpers.setErrors(Object.fromEntries(fieldErrors) as Parameters<typeof helpers.setErrors>[0]);
            helpers.setTouched(
              Object.fromEntries(fieldErrors.map(([f]) => [f, true])) as Parameters<typeof helpers.setTouched>[0],
              false,
            );
          }
        }}
      >
        <FormBody<V>
          {...props}
          writer={writer}
          honeypot={honeypot}
          status={status}
          onShown={(hydrating) => {
            startedAt.current = pageShownAt(hydrating);
          }}
          onDraftRestored={() => {
            startedAt.current = Date.now() - minFillMs;
          }}
        />
      </Formik>
    </FormUiContext.Provider>
  );
}

interface FormBodyProps<V extends object> extends FormEngineProps<V> {
  writer: ReturnType<typeof createDraftWriter>;
  honeypot: React.RefObject<HTMLInputElement | null>;
  status: Status;
  /** The form is on screen: `hydrating` when it came with the page's HTML (shown before its script ran). */
  onShown: (hydrating: boolean) => void;
  onDraftRestored: () => void;
}

function FormBody<V extends object>({
  module,
  timing,
  endpoint,
  writer,
  honeypot,
  status,
  onShown,
  onDraftRestored,
  canSubmit,
  blockedHint,
  labelledBy,
  slots,
  preselect,
  successAlert,
  contact,
  submitLabel,
  lead,
  children,
}: FormBodyProps<V>) {
  const {
    values,
    dirty,
    setValues,
    setFieldValue,
    setTouched,
    validateForm,
    submitCount,
    isSubmitting,
    isValidating,
    errors,
  } = useFormikContext<V>();
  const formRef = useRef<HTMLFormElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const everDirty = useRef(false);
  const handledSubmit = useRef(0);
  const hydrated = useHydrated();
  // Before hydration (and without JavaScript) nothing is blocked: the service checks the terms box.
  const blocked = hydrated && canSubmit ? !canSubmit(values) : false;
  const blockedId = `${module.name}-blocked-hint`;
  const external = endpoint !== undefined;

  // Once hydrated (only on mount: later changes are the visitor's), before the browser paints: what
  // the visitor typed, pasted or autofilled while the page's script loaded is taken from the
  // controls (hydration leaves them as they are, and the next render would empty them), over the
  // restored draft; the script checks the fields (the browser's own checks are for the no-script
  // form), and a link's query parameter preselects its option.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after hydration.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // Rendered during hydration (the page's HTML), the form has no data-ready mark yet.
    onShown(!form.hasAttribute('data-ready'));
    form.noValidate = true;
    const typed = typedBeforeScript(module, form);
    const stored = loadDraft(module.name, module.initialValues, module.draftOmit);
    if (stored) onDraftRestored();
    const draft =
      stored || Object.keys(typed).length > 0 ? { ...(stored ?? module.initialValues), ...typed } : undefined;
    if (draft) void setValues(draft, false);
    const wanted = preselect && new URLSearchParams(globalThis.location?.search ?? '').get(preselect.param);
    const field = preselect && module.declaration.fields.find((f) => f.key === preselect.field);
    const option = wanted && field ? optionFromLink(optionValuesOf(field), wanted) : undefined;
    let adopted = draft;
    if (field && option) {
      const current = (draft ?? module.initialValues)[field.key];
      const next = Array.isArray(current) ? [...new Set([...current, option])] : option;
      void setFieldValue(field.key, next, false);
      adopted = { ...(draft ?? module.initialValues), [field.key]: next };
    }
    // What was typed before the script ran is checked now, as typing after would be: the fields
    // count as touched as the form's timing says, and the adopted values (not this render's,
    // which are still the initial ones) are validated.
    const touched = earlyTouched(Object.keys(typed), timing, form.ownerDocument.activeElement);
    if (touched.length > 0 && adopted) {
      void setTouched(Object.fromEntries(touched.map((key) => [key, true])) as FormikTouched<V>, false);
      void validateForm(adopted);
    }
  }, []);

  // Keep the draft in step with what the visitor types (debounced).
  useEffect(() => {
    if (!dirty && !everDirty.current) return;
    everDirty.current = dirty;
    if (dirty) writer.write(values);
    else {
      writer.cancel();
      clearDraft(module.name);
    }
  }, [values, dirty, writer, module.name]);

  // After a submit that failed validation, take the visitor to the first invalid field.
  useEffect(() => {
    if (submitCount === handledSubmit.current || isSubmitting || isValidating) return;
    handledSubmit.current = submitCount;
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [submitCount, isSubmitting, isValidating, errors]);

  // After a send, focus goes to its outcome rather than dropping to the page (the button was disabled).
  useEffect(() => {
    if (status?.kind === 'success' || status?.kind === 'error') outcomeRef.current?.focus();
  }, [status]);

  const outcome = status ? (
    <p
      ref={outcomeRef}
      tabIndex={-1}
      className={status.kind === 'success' ? styles.success : status.kind === 'error' ? styles.failure : styles.info}
    >
      {status.kind !== 'info' ? <span aria-hidden="true">{status.kind === 'success' ? '✓ ' : '✕ '}</span> : null}
      {status.message}
    </p>
  ) : null;
  const asAlert = status?.kind === 'error' || (status?.kind === 'success' && successAlert);

  return (
    <Form
      ref={formRef}
      method="post"
      action={external ? undefined : formAction(module.name)}
      aria-labelledby={labelledBy}
      className={styles.form}
      // A form of the engine (the browser tests and the speed bench wait for each to be ready).
      data-form={module.name}
      data-ready={hydrated || undefined}
      // The classes the service gives the messages it adds when it answers this form sent without JavaScript.
      data-error-class={styles.error}
      data-failure-class={styles.failure}
      data-success-class={styles.success}
    >
      <p className={styles.legendNote}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {lead}
      <DeclaredFields fields={module.declaration.fields} slots={slots} />
      {children}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${module.name}-${HONEYPOT_NAME}`}>Leave this field empty</label>
        <input
          ref={honeypot}
          id={`${module.name}-${HONEYPOT_NAME}`}
          name={HONEYPOT_NAME}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      {external ? (
        <noscript>
          <p className={styles.info}>
            This form needs JavaScript to send.
            {contact ? (
              <>
                {' '}
                Please write to us at <a href={`mailto:${contact.email}`}>{contact.email}</a> or on{' '}
                <a href={`https://wa.me/${contact.whatsapp}`}>WhatsApp</a> instead.
              </>
            ) : null}
          </p>
        </noscript>
      ) : null}
      <PrivacyNotice form={module.name} />
      <div className={styles.actions}>
        <button
          type="submit"
          className="btn btn-primary"
          // A form for an external endpoint cannot be sent without JavaScript: its button waits.
          disabled={isSubmitting || blocked || (external && !hydrated)}
          aria-describedby={blocked && blockedHint ? blockedId : undefined}
        >
          {isSubmitting ? module.messages.busy : (submitLabel ?? module.messages.submit)}
        </button>
        {blocked && blockedHint ? (
          <p id={blockedId} className={styles.hint}>
            {blockedHint}
          </p>
        ) : null}
      </div>
      <div className={styles.statusArea}>
        <div role="status">{asAlert ? null : outcome}</div>
        <div role="alert">{asAlert ? outcome : null}</div>
      </div>
    </Form>
  );
}

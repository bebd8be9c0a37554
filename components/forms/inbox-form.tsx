'use client';

import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { clearDraft, createDraftWriter, loadDraft } from '@/lib/draft';
import { HONEYPOT_NAME, MIN_FILL_MS, spamVerdict, tooFastMessage } from '@/lib/forms/anti-spam';
import type { FormModule } from '@/lib/forms/module';
import { formTimestamp } from '@/lib/forms/timestamp';
import type { Payload } from '@/lib/forms/types';
import { collectErrors } from '@/lib/forms/validate';
import { submitForm, type SubmitResult } from '@/lib/submit';
import { FormUiContext, focusFirstInvalid, type ErrorTiming } from './form-ui';
import styles from './forms.module.css';

/** Sends a payload; the default posts through lib/submit, tests pass their own. */
export type SendPayload = (payload: Payload) => Promise<SubmitResult>;

const NO_FIELDS: readonly string[] = [];

type Status = { kind: 'success' | 'info' | 'error'; message: string } | undefined;

export interface InboxFormProps<V extends object> {
  module: FormModule<V>;
  /** The form's external endpoint (from lib/env, passed by the page); none posts to the inbox. */
  endpoint?: string;
  send?: SendPayload;
  timing: ErrorTiming;
  /** Minimum time between the form appearing and a submit, against bots. */
  minFillMs?: number;
  /** Runs after a successful send, once the form is cleared (navigation, hand-offs). */
  onSuccess?: (values: V) => void;
  /** How long the success message stays; undefined keeps it. */
  successMs?: number;
  /** False keeps the submit button disabled (the masterclass terms box). */
  canSubmit?: (values: V) => boolean;
  /** Text under the submit button while it is disabled by canSubmit. */
  blockedHint?: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  children: ReactNode;
}

/**
 * One visitor form: formik with the form's schema, the session draft, the anti-spam checks, the
 * send through lib/submit, the spec's in-progress label and outcome messages in live regions, and
 * focus on the first invalid field after a failed submit. Values are kept on every failure.
 */
export function InboxForm<V extends object>(props: InboxFormProps<V>) {
  const { module, endpoint, timing, minFillMs = MIN_FILL_MS, onSuccess, successMs } = props;
  const send = useMemo<SendPayload>(
    () =>
      props.send ??
      ((payload) => submitForm({ form: module.definition.name, endpoint, transport: module.transport, payload })),
    [props.send, module, endpoint],
  );
  const [status, setStatus] = useState<Status>(undefined);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startedAt = useRef(0);
  const honeypot = useRef<HTMLInputElement>(null);
  const idPrefix = `${module.definition.name}${useId().replace(/:/g, '')}`;
  const writer = useMemo(
    () => createDraftWriter(module.definition.name, module.draftOmit ?? NO_FIELDS),
    [module.definition.name, module.draftOmit],
  );

  useEffect(() => {
    startedAt.current = Date.now();
    return () => {
      writer.flush();
      clearTimeout(statusTimer.current);
    };
  }, [writer]);

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
            clearDraft(module.definition.name);
            helpers.resetForm();
            if (module.messages.success) showStatus({ kind: 'success', message: module.messages.success }, successMs);
            onSuccess?.(values);
            return;
          }
          const message = result.reason === 'network' ? module.messages.networkError : module.messages.failed;
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
          onDraftRestored={() => {
            startedAt.current = Date.now() - minFillMs;
          }}
        />
      </Formik>
    </FormUiContext.Provider>
  );
}

interface FormBodyProps<V extends object> extends InboxFormProps<V> {
  writer: ReturnType<typeof createDraftWriter>;
  honeypot: React.RefObject<HTMLInputElement | null>;
  status: Status;
  onDraftRestored: () => void;
}

function FormBody<V extends object>({
  module,
  writer,
  honeypot,
  status,
  onDraftRestored,
  canSubmit,
  blockedHint,
  labelledBy,
  children,
}: FormBodyProps<V>) {
  const { values, dirty, setValues, submitCount, isSubmitting, isValidating, errors } = useFormikContext<V>();
  const formRef = useRef<HTMLFormElement>(null);
  const everDirty = useRef(false);
  const handledSubmit = useRef(0);
  const blocked = canSubmit ? !canSubmit(values) : false;
  const blockedId = `${module.definition.name}-blocked-hint`;

  // Restore the draft once, after hydration (the server-rendered form is empty).
  useEffect(() => {
    const draft = loadDraft(module.definition.name, module.initialValues, module.draftOmit);
    if (draft) {
      void setValues(draft, false);
      onDraftRestored();
    }
    // Only on mount: later changes are the visitor's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep the draft in step with what the visitor types (debounced).
  useEffect(() => {
    if (!dirty && !everDirty.current) return;
    everDirty.current = dirty;
    if (dirty) writer.write(values);
    else {
      writer.cancel();
      clearDraft(module.definition.name);
    }
  }, [values, dirty, writer, module.definition.name]);

  // After a submit that failed validation, take the visitor to the first invalid field.
  useEffect(() => {
    if (submitCount === handledSubmit.current || isSubmitting || isValidating) return;
    handledSubmit.current = submitCount;
    if (Object.keys(errors).length > 0) focusFirstInvalid(formRef.current);
  }, [submitCount, isSubmitting, isValidating, errors]);

  return (
    <Form ref={formRef} noValidate aria-labelledby={labelledBy} className={styles.form}>
      <p className={styles.legendNote}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {children}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={`${module.definition.name}-${HONEYPOT_NAME}`}>Leave this field empty</label>
        <input
          ref={honeypot}
          id={`${module.definition.name}-${HONEYPOT_NAME}`}
          name={HONEYPOT_NAME}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className={styles.actions}>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={isSubmitting || blocked}
          aria-describedby={blocked && blockedHint ? blockedId : undefined}
        >
          {isSubmitting ? module.messages.busy : module.messages.submit}
        </button>
        {blocked && blockedHint ? (
          <p id={blockedId} className={styles.hint}>
            {blockedHint}
          </p>
        ) : null}
      </div>
      <div className={styles.statusArea}>
        <div role="status">
          {status && status.kind !== 'error' ? (
            <p className={status.kind === 'success' ? styles.success : styles.info}>
              {status.kind === 'success' ? <span aria-hidden="true">✓ </span> : null}
              {status.message}
            </p>
          ) : null}
        </div>
        <div role="alert">
          {status?.kind === 'error' ? (
            <p className={styles.failure}>
              <span aria-hidden="true">✕ </span>
              {status.message}
            </p>
          ) : null}
        </div>
      </div>
    </Form>
  );
}

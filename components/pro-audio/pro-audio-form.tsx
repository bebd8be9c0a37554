'use client';

import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import { toProAudioPayload } from '@/lib/forms/pro-audio/payload';
import {
  additionalServiceOptions,
  availabilityOptions,
  proAudioInitialValues,
  proAudioLimits,
  proAudioSchema,
  type ProAudioPayload,
  type ProAudioValues,
} from '@/lib/forms/pro-audio/schema';
import { submitProAudio, type ProAudioResult } from '@/lib/forms/pro-audio/submit';
import styles from './pro-audio-form.module.css';

type Status = { kind: 'idle' } | { kind: 'done'; ok: boolean; message: string };

/**
 * The pro audio form (§3): name, e-mail and phone required by the browser, availability and extra
 * services as checkboxes. The answer shows in an alert region: the server's message on success
 * (the fields are then cleared), "Error submitting form." on failure (what was typed stays).
 */
export function ProAudioForm({
  submit = submitProAudio,
}: {
  submit?: (payload: ProAudioPayload) => Promise<ProAudioResult>;
}) {
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  async function onSubmit(values: ProAudioValues, helpers: FormikHelpers<ProAudioValues>) {
    setStatus({ kind: 'idle' });
    const result = await submit(toProAudioPayload(values));
    setStatus({ kind: 'done', ok: result.ok, message: result.message });
    if (result.ok) helpers.resetForm();
  }

  const field = (name: keyof ProAudioValues) => `${id}-${name}`;

  return (
    <Formik
      initialValues={proAudioInitialValues}
      validationSchema={proAudioSchema}
      onSubmit={onSubmit}
      validateOnBlur={false}
    >
      {({ isSubmitting, errors, touched }) => {
        const errorOf = (name: 'fullName' | 'email' | 'phone' | 'budget' | 'message') =>
          touched[name] && errors[name] ? (
            <p id={`${field(name)}-error`} className={styles.fieldError}>
              {errors[name]}
            </p>
          ) : null;
        const described = (name: 'fullName' | 'email' | 'phone' | 'budget' | 'message') =>
          touched[name] && errors[name] ? { 'aria-describedby': `${field(name)}-error`, 'aria-invalid': true } : {};
        return (
          <Form className={styles.form} aria-label="Pro audio recording request">
            <div className={styles.field}>
              <label htmlFor={field('fullName')}>Full name</label>
              <Field
                id={field('fullName')}
                name="fullName"
                autoComplete="name"
                required
                maxLength={proAudioLimits.fullName}
                {...described('fullName')}
              />
              {errorOf('fullName')}
            </div>
            <div className={styles.field}>
              <label htmlFor={field('email')}>Email</label>
              <Field
                id={field('email')}
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={proAudioLimits.email}
                {...described('email')}
              />
              {errorOf('email')}
            </div>
            <div className={styles.field}>
              <label htmlFor={field('phone')}>Phone</label>
              <Field
                id={field('phone')}
                name="phone"
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                required
                maxLength={proAudioLimits.phone}
                {...described('phone')}
              />
              {errorOf('phone')}
            </div>
            <fieldset className={styles.group}>
              <legend>Availability</legend>
              {availabilityOptions.map((option) => (
                <label key={option} className={styles.check}>
                  <Field type="checkbox" name="availability" value={option} />
                  {option}
                </label>
              ))}
            </fieldset>
            <fieldset className={styles.group}>
              <legend>Additional services</legend>
              {additionalServiceOptions.map((option) => (
                <label key={option} className={styles.check}>
                  <Field type="checkbox" name="additionalServices" value={option} />
                  {option}
                </label>
              ))}
            </fieldset>
            <div className={styles.field}>
              <label htmlFor={field('budget')}>Budget</label>
              <Field id={field('budget')} name="budget" maxLength={proAudioLimits.budget} {...described('budget')} />
              {errorOf('budget')}
            </div>
            <div className={styles.field}>
              <label htmlFor={field('message')}>Message</label>
              <Field
                as="textarea"
                id={field('message')}
                name="message"
                rows={5}
                maxLength={proAudioLimits.message}
                {...described('message')}
              />
              {errorOf('message')}
            </div>
            <div
              role="alert"
              className={status.kind === 'done' ? (status.ok ? styles.success : styles.failure) : styles.silent}
            >
              {status.kind === 'done' ? status.message : null}
            </div>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Submit'}
            </button>
          </Form>
        );
      }}
    </Formik>
  );
}

/**
 * The course intake a certification or diploma registration may name. The spec's payload has no key
 * for it, so the page adds the optional key `Intake` (the intake's id) only when it posts to the
 * bundled service; an external form endpoint gets the spec's keys alone.
 */
import type { PublicSession } from './session';

/** The optional payload key (and, without JavaScript, the control's name) of the chosen intake. */
export const INTAKE_KEY = 'Intake';

/** The registration forms that may choose an intake. */
export type IntakeForm = 'certification' | 'diploma';

export const isIntakeForm = (form: string): form is IntakeForm => form === 'certification' || form === 'diploma';

/** The columns of a form's staff table: the spec's keys, and the chosen intake for a course registration. */
export const tableKeysOf = (form: string, payloadKeys: readonly string[]): readonly string[] =>
  isIntakeForm(form) ? [...payloadKeys, INTAKE_KEY] : payloadKeys;

/**
 * The intakes a form offers: the diploma form the diplomas' intakes (their course's name begins with
 * "Diploma"), the certification form, which lists every course, every intake.
 */
export function intakesFor<T extends Pick<PublicSession, 'kind' | 'title'>>(
  form: IntakeForm,
  sessions: readonly T[],
): T[] {
  return sessions.filter((s) => s.kind === 'course' && (form === 'certification' || /^diploma\b/i.test(s.title)));
}

/** How an intake is named to the visitor: its course, its start (India time), online or where. */
export const intakeName = (s: Pick<PublicSession, 'title' | 'label' | 'mode' | 'location'>): string =>
  `${s.title}, starts ${s.label}, ${s.mode === 'offline' ? `at ${s.location}` : 'online'}`;

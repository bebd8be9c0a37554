'use client';

import { motionSafe } from '@/lib/scroll';
import { createContext, useContext } from 'react';
import { useField, useFormikContext } from 'formik';

/**
 * When a field's error becomes visible: after the field was left ('touched', formik's default),
 * from the first change ('change': checked on each change), or only after a submit ('submit').
 */
export type ErrorTiming = 'touched' | 'change' | 'submit';

export interface FormUi {
  /** Prefix of every control id in the form (one form per page, but ids stay unique anyway). */
  idPrefix: string;
  timing: ErrorTiming;
}

export const FormUiContext = createContext<FormUi>({ idPrefix: 'form', timing: 'touched' });

/** A field's formik state plus its ids and the error to show now (if any). */
export function useFieldUi<T>(name: string) {
  const ui = useContext(FormUiContext);
  const [field, meta, helpers] = useField<T>(name);
  const { submitCount } = useFormikContext();
  const shown = ui.timing === 'submit' ? submitCount > 0 : meta.touched;
  const error = shown && typeof meta.error === 'string' && meta.error !== '' ? meta.error : undefined;
  const id = `${ui.idPrefix}-${name}`;
  return { field, meta, helpers, error, id, errorId: `${id}-error`, hintId: `${id}-hint`, timing: ui.timing };
}

/** The ids a control is described by: its hint and, when shown, its error. */
export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length > 0 ? list.join(' ') : undefined;
}

/**
 * Moves focus to the first invalid control of a form (in page order) and scrolls it into view.
 * A group (radio group, fieldset) hands focus to its checked or first input.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const marked = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!marked) return;
  const target = marked.matches('input, select, textarea, button')
    ? marked
    : (marked.querySelector<HTMLElement>('input:checked') ??
      marked.querySelector<HTMLElement>('input, select, textarea'));
  if (!target) return;
  target.scrollIntoView?.({ block: 'center', behavior: motionSafe('smooth') });
  target.focus({ preventScroll: true });
}

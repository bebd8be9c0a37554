/**
 * What a visitor typed before the form's script ran (a slow phone): read from the form's controls
 * when it hydrates, and which of those fields show their errors at once, as typing after would.
 */
import { formValuesOf, type FormModule } from '@/lib/forms/declaration';
import type { ErrorTiming } from './form-ui';

/** The controls' values of an HTML form, as an urlencoded post would carry them (repeated keys as lists). */
function controlValues(form: HTMLFormElement): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string') continue;
    const before = out[key];
    out[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return out;
}

/** The fields whose control holds something other than the form's initial value (typed before the script ran). */
export function typedBeforeScript<V extends object>(module: FormModule<V>, form: HTMLFormElement): Partial<V> {
  const read = formValuesOf(module, controlValues(form)) as Record<string, unknown>;
  const initial = module.initialValues as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(initial)
      .filter((key) => JSON.stringify(read[key]) !== JSON.stringify(initial[key]))
      .map((key) => [key, read[key]]),
  ) as Partial<V>;
}

/**
 * The early-typed fields whose errors show at once: under 'change' every one (typing after would
 * have shown them), under 'touched' those the visitor has left (the focused one waits for its blur),
 * under 'submit' none until a submit.
 */
export function earlyTouched(typed: readonly string[], timing: ErrorTiming, active: Element | null): string[] {
  if (timing === 'submit') return [];
  if (timing === 'change') return [...typed];
  const focused = active instanceof HTMLElement ? active.getAttribute('name') : null;
  return typed.filter((key) => key !== focused);
}

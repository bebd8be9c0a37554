import { browserStorage } from '@/lib/browser-storage';

/**
 * Drafts: what a visitor has typed into a form, kept in this browser tab's sessionStorage so it
 * survives a reload, and cleared once the form is sent. Forms hold no payment details; fields a
 * form lists in `omit` (consents) are never written.
 */

/** The sessionStorage key of a form's draft. */
export function draftKey(form: string): string {
  return `draft:${form}`;
}

const storage = () => browserStorage('session');

const sameKind = (a: unknown, b: unknown): boolean =>
  Array.isArray(a)
    ? Array.isArray(b) && b.every((item) => typeof item === 'string')
    : typeof a === typeof b && !Array.isArray(b);

/**
 * The stored draft merged over `initial`: only known fields of the same kind are taken, so an old
 * or tampered draft cannot add fields or break types. Undefined when there is no usable draft.
 */
export function loadDraft<V extends object>(form: string, initial: V, omit: readonly string[] = []): V | undefined {
  let parsed: unknown;
  try {
    const raw = storage()?.getItem(draftKey(form));
    if (!raw) return undefined;
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const stored = parsed as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
  let found = false;
  for (const [key, value] of Object.entries(initial)) {
    if (omit.includes(key) || !(key in stored) || !sameKind(value, stored[key])) continue;
    merged[key] = stored[key];
    found = true;
  }
  return found ? (merged as V) : undefined;
}

/** Writes a form's draft (without the omitted fields); storage errors are ignored. */
export function saveDraft(form: string, values: object, omit: readonly string[] = []): void {
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !omit.includes(key)));
  try {
    storage()?.setItem(draftKey(form), JSON.stringify(kept));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

/** Removes a form's draft. */
export function clearDraft(form: string): void {
  try {
    storage()?.removeItem(draftKey(form));
  } catch {
    // Nothing to clear.
  }
}

/** Delay before a change is written, so typing does not write on every key. */
const DRAFT_DELAY_MS = 300;

/** A debounced writer for one form's draft: `write` schedules, `flush` writes now, `cancel` drops. */
export function createDraftWriter(form: string, omit: readonly string[] = [], delayMs = DRAFT_DELAY_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: object | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending !== undefined) saveDraft(form, pending, omit);
    pending = undefined;
  };
  return {
    write(values: object) {
      pending = values;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(flush, delayMs);
    },
    flush,
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}

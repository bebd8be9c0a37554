/**
 * Values carried from one page to the next in the browser tab (sessionStorage), never in the URL:
 * the masterclass form hands the visitor's name, e-mail and phone to the payment page (its WhatsApp
 * draft and claim form).
 */
const MASTERCLASS_CONTACT_KEY = 'handoff:masterclass-contact';

/** What the payment page may fill in for the visitor. */
export interface CarriedContact {
  name?: string;
  email?: string;
  phone?: string;
}

/** Keeps the masterclass sign-up's contact for the payment page. */
export function saveMasterclassContact(contact: CarriedContact): void {
  try {
    sessionStorage.setItem(MASTERCLASS_CONTACT_KEY, JSON.stringify(contact));
  } catch {
    // Private mode or storage disabled: the payment page then asks the visitor to type it.
  }
}

/** The contact carried from the masterclass form, if any (only its text fields, trimmed and non-empty). */
export function readMasterclassContact(): CarriedContact | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(sessionStorage.getItem(MASTERCLASS_CONTACT_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  const carried: CarriedContact = {};
  for (const key of ['name', 'email', 'phone'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') carried[key] = value.trim();
  }
  return Object.keys(carried).length > 0 ? carried : undefined;
}

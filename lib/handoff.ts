/**
 * Values carried from one page to the next in the browser tab (sessionStorage), never in the URL:
 * the masterclass form hands the visitor's e-mail to the payment page.
 */
const MASTERCLASS_EMAIL_KEY = 'handoff:masterclass-email';

/** Keeps the masterclass e-mail for the payment page. */
export function saveMasterclassEmail(email: string): void {
  try {
    sessionStorage.setItem(MASTERCLASS_EMAIL_KEY, email);
  } catch {
    // Private mode or storage disabled: the payment page then asks the visitor to type it.
  }
}

/** The e-mail carried from the masterclass form, if any. */
export function readMasterclassEmail(): string | undefined {
  try {
    return sessionStorage.getItem(MASTERCLASS_EMAIL_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

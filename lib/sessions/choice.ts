/**
 * The masterclass session a sign-up carries as `schedule`. In the browser the form's own state holds
 * the session the visitor picked (components/forms/masterclass-form.tsx); the service gives the
 * sessions it takes as facts (`masterclassFacts` in lib/forms/masterclass).
 */

/** The sign-up's payload key for its session (the spec's), and the name of the session choice's radios. */
export const SCHEDULE_KEY = 'schedule';

/**
 * The key a masterclass sign-up or course registration carries to wait for a seat when its session
 * or intake is full: `"waitlist": true` in JSON, `waitlist=true` from an HTML form.
 */
export const WAITLIST_KEY = 'waitlist';

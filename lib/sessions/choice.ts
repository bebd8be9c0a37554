/**
 * The masterclass session a sign-up carries as `schedule`. In the browser: the session the visitor
 * picked from the service's list (the next with seats by default). On the server: the labels of the
 * upcoming sessions staff scheduled, which the sign-up's check accepts beside the build's own labels.
 */

/** The sign-up's payload key for its session (the spec's), and the name of the session choice's radios. */
export const SCHEDULE_KEY = 'schedule';

let chosen: string | undefined;
let bookable: readonly string[] = [];

/** The session label the visitor chose; undefined while the service has not answered. */
export const chosenSchedule = (): string | undefined => chosen;

export function chooseSchedule(label: string | undefined): void {
  chosen = label;
}

/** The labels of the scheduled sessions the service knows (the server keeps them current). */
export const bookableLabels = (): readonly string[] => bookable;

export function setBookableLabels(labels: readonly string[]): void {
  bookable = labels;
}

type FullListener = (message: string) => void;
const fullListeners = new Set<FullListener>();

/** Listens for a sign-up refused because its session filled up; returns the unsubscribe. */
export function onSessionFull(listener: FullListener): () => void {
  fullListeners.add(listener);
  return () => fullListeners.delete(listener);
}

/** Tells the session picker that the service refused the chosen session as full, with its message. */
export function reportSessionFull(message: string): void {
  for (const listener of fullListeners) listener(message);
}

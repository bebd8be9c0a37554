/**
 * The masterclass session a sign-up carries as `schedule`. In the browser: the session the visitor
 * picked from the service's list (the next with seats by default). On the server: the labels of the
 * upcoming sessions staff scheduled, which the sign-up's check accepts beside the build's own labels.
 */
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

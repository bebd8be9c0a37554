import { type Answer, attempt, failureText, readAnswer, serviceHref, staffClient } from '@/lib/service-client';
import type { RosterRow, WaitlistRow } from '@/server/contract';
import type { SessionInput } from './session';

/**
 * The staff's calls for sessions and intakes (the dashboard's Sessions view), through the service's
 * typed client: each answer is typed by its route.
 */
const api = staffClient();
const manage = api.sessions.manage;
const session = (id: number) => ({ param: { id: String(id) } });

/** One registrant of a session's roster (the service's own row type). */
export type RosterEntry = RosterRow;

/** The sessions and intakes, and the masterclass sign-ups of the last 30 days without a seat (with the schedules they named). */
export const listStaffSessions = () =>
  attempt(
    () => manage.$get(),
    (res) => res.json(),
  );

/** Masterclass sign-ups of the last 30 days without a seat, and the schedules they named. */
export type Unseated = Answer<typeof listStaffSessions>['unseated'];

/** One person on a session's waitlist (the service's own row type). */
export type WaitlistEntry = WaitlistRow;

/** A session's roster and waitlist. */
export const fetchRoster = (id: number) =>
  attempt(
    () => manage[':id{[0-9]+}'].roster.$get(session(id)),
    async (res) => {
      const { roster, waitlist } = await res.json();
      return { roster, waitlist };
    },
  );

/** Moves a waiting person one place up or down; resolves with the waitlist in its new order, or the refusal. */
export async function moveOnWaitlistCall(
  sessionId: number,
  entryId: number,
  direction: 'up' | 'down',
): Promise<{ waitlist?: WaitlistEntry[]; message: string }> {
  const moved = await attempt(
    () =>
      manage[':id{[0-9]+}'].waitlist[':entry{[0-9]+}'].move.$post({
        param: { id: String(sessionId), entry: String(entryId) },
        json: { direction },
      }),
    (res) => res.json(),
  );
  return moved.ok ? { waitlist: moved.value.waitlist, message: '' } : { message: failureText(moved) };
}

/** Sends a change; resolves with the service's message (or its failure's words) and field errors (empty when it worked). */
async function sendSession<R extends Response>(
  request: () => Promise<R>,
): Promise<{ ok: boolean; message: string; errors: Record<string, string> }> {
  const sent = await attempt(request, async (res) => (await readAnswer(res)).message ?? '');
  return sent.ok
    ? { ok: true, message: sent.value, errors: {} }
    : { ok: false, message: failureText(sent), errors: { ...sent.fieldErrors } };
}

export const createSessionCall = (input: SessionInput) => sendSession(() => manage.$post({ json: input }));
export const updateSessionCall = (id: number, input: SessionInput) =>
  sendSession(() => manage[':id{[0-9]+}'].$patch({ ...session(id), json: input }));
export const cancelSessionCall = (id: number) => sendSession(() => manage[':id{[0-9]+}'].cancel.$post(session(id)));

/** Resolves with the service's message for a staff action, its failure's message included. */
async function messageOf<R extends Response>(
  request: () => Promise<R>,
  read: (res: Extract<R, { ok: true }>) => Promise<{ message: string }>,
): Promise<{ ok: boolean; message: string }> {
  const done = await attempt(request, read);
  return done.ok ? { ok: true, message: done.value.message } : { ok: false, message: failureText(done) };
}

/** Issues certificates to the registrations named, or to everyone who attended (issuing again changes nothing). */
export const issueCertificatesCall = (id: number, whom: { registrations: number[] } | { attended: true }) =>
  messageOf(
    () => manage[':id{[0-9]{1,9}}'].certificates.$post({ ...session(id), json: whom }),
    (res) => res.json(),
  );

export const revokeCertificateCall = (serial: string, reason: string) =>
  messageOf(
    () => api.certificates[':serial'].revoke.$post({ param: { serial: encodeURIComponent(serial) }, json: { reason } }),
    (res) => res.json(),
  );

/** A certificate's PDF for staff (a link: the session cookie goes with it). */
export const certificatePdfHref = (serial: string) =>
  serviceHref(`/api/certificates/${encodeURIComponent(serial)}/pdf`);

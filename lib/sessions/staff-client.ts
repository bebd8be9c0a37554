import { getJson, postJson, readAnswer, ServiceError, serviceFetch, serviceHref } from '@/lib/service-client';
import type { RosterRow, WaitlistRow } from '@/server/contract';
import type { SessionInput, StaffSession } from './session';
import { hasList, isRecord } from '@/lib/guards';

/** The staff's calls for sessions and intakes (the dashboard's Sessions view). */
const base = '/api/sessions/manage' as const;

/** One registrant of a session's roster (the service's own row type). */
export type RosterEntry = RosterRow;

/** Masterclass sign-ups of the last 30 days without a seat, and the schedules they named. */
export interface Unseated {
  count: number;
  schedules: string[];
}

export async function listStaffSessions(): Promise<{ sessions: StaffSession[]; unseated: Unseated }> {
  const body = await getJson(base, hasList('sessions'));
  const unseated: Record<string, unknown> = isRecord(body.unseated) ? body.unseated : {};
  return {
    sessions: body.sessions as StaffSession[],
    unseated: {
      count: typeof unseated.count === 'number' ? unseated.count : 0,
      schedules: Array.isArray(unseated.schedules) ? unseated.schedules.map(String) : [],
    },
  };
}

/** One person on a session's waitlist (the service's own row type). */
export type WaitlistEntry = WaitlistRow;

export async function fetchRoster(id: number): Promise<{ roster: RosterEntry[]; waitlist: WaitlistEntry[] }> {
  const body = await getJson(`${base}/${id}/roster`, hasList('roster'));
  return {
    roster: body.roster as RosterEntry[],
    waitlist: Array.isArray(body.waitlist) ? (body.waitlist as WaitlistEntry[]) : [],
  };
}

/** Moves a waiting person one place up or down; resolves with the waitlist in its new order, or the refusal. */
export async function moveOnWaitlistCall(
  sessionId: number,
  entryId: number,
  direction: 'up' | 'down',
): Promise<{ waitlist?: WaitlistEntry[]; message: string }> {
  try {
    const res = await serviceFetch(`${base}/${sessionId}/waitlist/${entryId}/move`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ direction }),
    });
    if (!res.ok) return { message: (await readAnswer(res)).message ?? 'The move was refused.' };
    const body: unknown = await res.json();
    return {
      waitlist: isRecord(body) && Array.isArray(body.waitlist) ? (body.waitlist as WaitlistEntry[]) : [],
      message: '',
    };
  } catch {
    return { message: 'The service could not be reached.' };
  }
}

/** Sends a change; resolves with the service's message and field errors (empty when it worked). */
async function sendSession(
  method: 'POST' | 'PATCH',
  url: `/${string}`,
  body?: SessionInput,
): Promise<{ ok: boolean; message: string; errors: Record<string, string> }> {
  try {
    const res = await serviceFetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await readAnswer(res);
    return { ok: res.ok, message: answer.message ?? '', errors: { ...answer.fieldErrors } };
  } catch {
    return { ok: false, message: 'The service could not be reached.', errors: {} };
  }
}

export const createSessionCall = (input: SessionInput) => sendSession('POST', base, input);
export const updateSessionCall = (id: number, input: SessionInput) => sendSession('PATCH', `${base}/${id}`, input);
export const cancelSessionCall = (id: number) => sendSession('POST', `${base}/${id}/cancel`);

/** Resolves with the service's message for a staff action, its failure's message included. */
async function messageOf(action: Promise<string | undefined>): Promise<{ ok: boolean; message: string }> {
  try {
    return { ok: true, message: (await action) ?? '' };
  } catch (e) {
    return { ok: false, message: e instanceof ServiceError ? e.message : 'The service could not be reached.' };
  }
}

/** Issues certificates to the registrations named, or to everyone who attended (issuing again changes nothing). */
export const issueCertificatesCall = (id: number, whom: { registrations: number[] } | { attended: true }) =>
  messageOf(postJson(`${base}/${id}/certificates`, whom));

export const revokeCertificateCall = (serial: string, reason: string) =>
  messageOf(postJson(`/api/certificates/${encodeURIComponent(serial)}/revoke`, { reason }));

/** A certificate's PDF for staff (a link: the session cookie goes with it). */
export const certificatePdfHref = (serial: string) =>
  serviceHref(`/api/certificates/${encodeURIComponent(serial)}/pdf`);

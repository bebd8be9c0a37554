/**
 * The door phone's side of check-in: sends a scan, and keeps the scans made while the connection is
 * down in this browser's storage (localStorage, so a reload keeps them) until they can be sent. Each
 * scan has its own id, so one sent twice (its answer lost on the way) is answered as before and
 * never counted twice.
 */
import { failureText, readAnswer, staffClient } from '@/lib/service-client';
import type { CheckInAnswer, DoorScan } from './ticket';

/** A scan waiting to be sent: the session whose door it was made at, and the scan. */
export interface QueuedScan {
  sessionId: number;
  scan: DoorScan;
}

/** What sending a scan came to: the service's answer, or not sent (no connection, or the service failing). */
export type SendOutcome = { sent: true; answer: CheckInAnswer } | { sent: false };

const queueKey = 'door-check-in-queue';

const checkIn = staffClient().sessions.manage[':id{[0-9]+}']['check-in'];

/** A new scan of a ticket's token or a typed code, made now. */
export function newScan(value: { token: string } | { code: string }, now: Date): DoorScan {
  return { scanId: crypto.randomUUID(), scannedAt: now.toISOString(), ...value };
}

/**
 * Sends one scan. The check-in route answers 404 and 409 with a whole check-in answer (already in,
 * another session's ticket, a cancelled seat), not only a failure's message: so this one call reads
 * its answer itself rather than through `attempt`, whose failures carry the message alone.
 */
export async function sendScan(sessionId: number, scan: DoorScan): Promise<SendOutcome> {
  try {
    const res = await checkIn.$post({ param: { id: String(sessionId) }, json: scan });
    // A failing service (or a proxy's page while it restarts) is tried again later, like no connection.
    const status: number = res.status;
    if (status >= 500 || status === 401) return { sent: false };
    if (res.status === 200 || res.status === 404 || res.status === 409) {
      // A session that is gone or online is answered with its message alone: an unknown outcome.
      return { sent: true, answer: { outcome: 'unknown', ...(await res.json()) } };
    }
    const refused = failureText({ status, message: (await readAnswer(res)).message });
    return { sent: true, answer: { outcome: 'unknown', message: refused } };
  } catch {
    return { sent: false };
  }
}

export function queuedScans(storage: Storage): QueuedScan[] {
  try {
    const list: unknown = JSON.parse(storage.getItem(queueKey) ?? '[]');
    return Array.isArray(list) ? (list as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

function keepQueue(storage: Storage, list: readonly QueuedScan[]): void {
  if (list.length === 0) storage.removeItem(queueKey);
  else storage.setItem(queueKey, JSON.stringify(list));
}

export function queueScan(storage: Storage, item: QueuedScan): number {
  const list = [...queuedScans(storage), item];
  keepQueue(storage, list);
  return list.length;
}

/**
 * Sends the queued scans in the order they were made; each one answered leaves the queue, and the
 * first that cannot be sent stops the round (the rest wait for the next). Resolves with the answers.
 */
export async function sendQueued(storage: Storage): Promise<Array<QueuedScan & { answer: CheckInAnswer }>> {
  const answered: Array<QueuedScan & { answer: CheckInAnswer }> = [];
  for (const item of queuedScans(storage)) {
    const outcome = await sendScan(item.sessionId, item.scan);
    if (!outcome.sent) break;
    answered.push({ ...item, answer: outcome.answer });
    keepQueue(
      storage,
      queuedScans(storage).filter((q) => q.scan.scanId !== item.scan.scanId),
    );
  }
  return answered;
}

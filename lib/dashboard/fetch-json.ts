/** A failed call to the service, with its HTTP status (0 when the network failed). */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

async function messageOf(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string')
    return body.message;
  return `The service answered ${response.status}.`;
}

/**
 * GETs JSON from the service with the session cookie and checks its shape with `is`; throws
 * ServiceError on any failure, an answer of another shape included (never a cast).
 */
export async function fetchJson<T>(url: string, is: (value: unknown) => value is T): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ServiceError(0, 'The service could not be reached.');
  }
  if (!response.ok) throw new ServiceError(response.status, await messageOf(response));
  const body: unknown = await response.json().catch(() => undefined);
  if (!is(body)) throw new ServiceError(response.status, 'The service answered with something unexpected.');
  return body;
}

/** A JSON object (for the shape checks of fetched answers). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** POSTs JSON to the service; returns the answer's status and message. Never throws. */
export async function postJson(
  url: string,
  body: unknown,
): Promise<{ ok: boolean; status: number; message: string; data: unknown }> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const data: unknown = await response.json().catch(() => null);
    const message =
      typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
        ? data.message
        : '';
    return { ok: response.ok, status: response.status, message, data };
  } catch {
    return { ok: false, status: 0, message: 'The service could not be reached.', data: null };
  }
}

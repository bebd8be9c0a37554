'use client';

import { readAnswer, ServiceError, serviceFetch } from '@/lib/service-client';

/** An answer of the privacy routes: the body when it worked, else the service's message. */
export type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/**
 * POSTs JSON to the bundled service (same origin: the session cookie, or a "Your data" session
 * in the Authorization header). Addresses travel in bodies, never in URLs.
 */
export async function postJson<T>(path: `/${string}`, body: unknown, bearer?: string): Promise<Answer<T>> {
  let res: Response;
  try {
    res = await serviceFetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: unreachable };
  }
  if (res.ok) {
    const type = res.headers.get('content-type') ?? '';
    return {
      ok: true,
      data: (type.includes('json') && !res.headers.get('content-disposition')
        ? await res.json()
        : await res.blob()) as T,
    };
  }
  const { message } = await readAnswer(res);
  return { ok: false, status: res.status, message: message ?? `The service answered ${res.status}.` };
}

const unreachable = 'The service could not be reached. Check your connection and try again.';

/**
 * A typed client's call (lib/service-client.ts `call`) as an Answer: what `read` made of the
 * answer when it worked, else the service's message (or why it could not be reached).
 */
export async function attempt<T>(run: () => Promise<T>): Promise<Answer<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { ok: false, status: error.status, message: error.status === 0 ? unreachable : error.message };
  }
}

/** Saves a downloaded file under its name. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

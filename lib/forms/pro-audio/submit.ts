import { proAudioErrorMessage, proAudioSuccessMessage, type ProAudioPayload } from './schema';

/** Where the pro audio form posts, on the site's own host (the spec's path). */
const proAudioEndpoint = '/pro-audio-form/save-form.php';

export type ProAudioResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Posts the payload and turns the answer into the message the spec shows: the server's `message`
 * (or "Form submitted successfully!") on an ok status, "Error submitting form." otherwise. Never
 * throws.
 */
export async function submitProAudio(
  payload: ProAudioPayload,
  fetchImpl: typeof fetch = fetch,
): Promise<ProAudioResult> {
  try {
    const response = await fetchImpl(proAudioEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    if (!response.ok) return { ok: false, message: proAudioErrorMessage };
    const body: unknown = await response.json().catch(() => null);
    const message =
      typeof body === 'object' &&
      body !== null &&
      'message' in body &&
      typeof body.message === 'string' &&
      body.message.trim() !== ''
        ? body.message
        : proAudioSuccessMessage;
    return { ok: true, message };
  } catch {
    return { ok: false, message: proAudioErrorMessage };
  }
}

/**
 * Reads `read` every 100 ms until `ok` says yes or `ms` have passed; resolves with the last value read.
 * A minute by default: on a loaded machine a database write's sync can take seconds, and the wait ends
 * as soon as `ok` says yes.
 */
export async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

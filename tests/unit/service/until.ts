/** Reads `read` every 100 ms until `ok` says yes or `ms` have passed; resolves with the last value read. */
export async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

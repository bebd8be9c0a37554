import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROME_PATH if set, else Debian's /usr/bin/chromium, else
 * Playwright's own download (undefined lets Playwright find it).
 */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
}

/** Flags that keep the browser off the network: only the local server is reachable. */
export const offlineArgs = [
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Software GL costs a lot of CPU on machines without a GPU; nothing here needs it.
  '--disable-gpu',
];

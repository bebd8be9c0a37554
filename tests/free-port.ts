import { createServer } from 'node:net';

/** A free loopback port (port 0: the system picks), for a server a test starts of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A port of its own for a suite's server (its SMTP server, say), taken before the suite's tests run:
 * suites run side by side, one per core. Read it inside a test or a hook.
 */
export function suitePort(): () => number {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
  });
  return () => port;
}

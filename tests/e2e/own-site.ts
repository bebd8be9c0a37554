/**
 * What the browser tests that run a site of their own share (their own settings, e-mail to a real
 * SMTP server, a WordPress): the bundled server started from this checkout on a fresh folder, an
 * SMTP server on loopback that keeps what it receives, and a wait that polls.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freshPgliteDir } from '../pglite-template';
import { tsxNode } from '../tsx-node';
import { e2eStaff } from './staff';

/** Polls `read` every 100 ms until it answers something; fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  read: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A bundled server of a test's own. */
export interface OwnSite {
  readonly url: string;
  readonly server: ChildProcess;
  /** Ends the server and removes its folder. */
  stop(): void;
}

/**
 * Starts the bundled server (`server/main.ts --no-build`, serving this checkout's build) on `port`
 * with a fresh folder for its database and the staff account e2eStaff, and resolves once it
 * answers. `env` adds to its environment (it is given the folder); `onLine` hears its output.
 * `buildFirst`: out/ is first built with the server's own settings when it was built with others
 * (`server/main.ts --build-only`, as `npm start` would build it).
 */
export async function startOwnSite(
  port: number,
  env: (dir: string) => Record<string, string | undefined>,
  onLine?: (line: string) => void,
  buildFirst = false,
): Promise<OwnSite> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-own-site-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATA_DIR: path.join(dir, 'data'),
    // The log in the site's own folder, never in the checkout's logs/.
    LOG_DIR: path.join(dir, 'logs'),
    STAFF_PASSWORD: e2eStaff.password,
    ...env(dir),
  };
  // A migrated embedded database to start on, as the service's tests do (creating one takes seconds).
  if (!full.DATABASE_URL && full.DATA_DIR && !existsSync(full.DATA_DIR)) await freshPgliteDir(full.DATA_DIR);
  execFileSync(process.execPath, tsxNode('scripts/staff.ts', ['add', e2eStaff.name, '--replace']), {
    env: full,
    stdio: 'pipe',
  });
  if (buildFirst)
    execFileSync(process.execPath, tsxNode('server/main.ts', ['--build-only']), { env: full, stdio: 'inherit' });
  const output = onLine ? 'pipe' : 'ignore';
  const server = spawn(process.execPath, tsxNode('server/main.ts', ['--no-build']), {
    env: full,
    detached: true,
    stdio: ['ignore', output, output],
  });
  for (const stream of [server.stdout, server.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) onLine?.(line);
    });
  }
  const stop = () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  await waitFor(
    'the bundled server',
    async () => ((await fetch(`${url}/robots.txt`).catch(() => undefined))?.ok ? true : undefined),
    180_000,
  );
  return { url, server, stop };
}

/** A message the SMTP server received: when, to whom (the envelope's recipients), and the mail parsed. */
export interface ReceivedMail {
  readonly at: number;
  readonly to: string;
  readonly mail: ParsedMail;
}

/**
 * Starts a real SMTP server on loopback (port 0: the system picks) that keeps each message it
 * receives in `mails`; answers its port and how to close it.
 */
export async function startSmtp(port: number, mails: ReceivedMail[]) {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      simpleParser(stream)
        .then((mail) => mails.push({ at: Date.now(), to, mail }))
        .finally(() => done());
    },
  });
  // A client that closes its connection as it sends QUIT makes the server's "221" reply fail (EPIPE),
  // emitted as an error: normal on loopback, and with no listener it would fail whichever test was running.
  // The mails received are what the tests check.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', () => resolve()));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

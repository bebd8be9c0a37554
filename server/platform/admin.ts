import { chmodSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import type { StaffVars } from './auth';
import { type BackupResult, writeBackup } from './backup';
import { isPlainObject, jsonBody } from './http';
import type { AccountLock, SignInBrake } from './sign-in-brake';
import { hashPassword, passwordProblem, type ScryptCost, verifyPassword } from './passwords';
import type { Store } from '../store/store';
import { jsonOf, sentObject, text } from './validate';
import { array } from 'yup';

/**
 * POST /api/auth/password: a signed-in staff member changes their own password (the current one
 * first). Every session of theirs ends, this one too: they sign in again with the new password.
 */
const enterBoth = 'Enter your current password and the new one.';
/** A password change: the current password and the new one. */
const passwordBody = sentObject(
  { current: text(enterBoth).defined(enterBoth), next: text(enterBoth).defined(enterBoth) },
  enterBoth,
);

export function accountRoutes(
  store: Store,
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>,
  passwordCost: ScryptCost,
) {
  return new Hono<{ Variables: StaffVars }>().post(
    '/auth/password',
    staffOnly,
    jsonBody,
    jsonOf(passwordBody),
    async (c) => {
      const { current, next } = c.req.valid('json');
      const staff = await store.findStaff(c.get('staff').name);
      if (!staff || !(await verifyPassword(current, staff.passwordHash)))
        return c.json({ message: 'The current password is not right.' }, 400);
      const problem = passwordProblem(next);
      if (problem) return c.json({ message: problem }, 400);
      await store.setStaffPassword(staff.name, await hashPassword(next, passwordCost));
      return c.json({ message: 'Password changed. Sign in again with the new password.' }, 200);
    },
  );
}

/** What `npm run staff` does to the staff table, directly or through the running server. */
const adminMethods = ['findStaff', 'addStaff', 'setStaffPassword', 'removeStaff', 'listStaff'] as const;
type AdminMethod = (typeof adminMethods)[number];
export type StaffAdmin = Pick<Store, AdminMethod>;

const isAdminMethod = (value: unknown): value is AdminMethod => adminMethods.some((m) => m === value);

/** What `npm run staff -- locked | unlock` does: the sign-in brake's state of staff accounts. */
export interface SignInAdmin {
  signInLocks(): Promise<AccountLock[]>;
  unlockSignIn(name: string): Promise<void>;
}

/** The sign-in admin of a store and its brake (the CLI on PostgreSQL, or the server behind its socket). */
export function brakeAdmin(store: Pick<Store, 'listStaff'>, brake: SignInBrake): SignInAdmin {
  return {
    signInLocks: async () => brake.locks((await store.listStaff()).map((s) => s.name)),
    unlockSignIn: (name) => brake.unlock(name),
  };
}

/** The embedded database's admin socket: beside the data folder, readable by its owner only. */
export const adminSocketPath = (dataDir: string): string => `${dataDir}.admin.sock`;

/**
 * Serves `npm run staff` on a unix socket while the server holds the embedded database (PGlite
 * allows one process). Only the server's own user can open the socket (mode 0600); nothing of it
 * is reachable over the network. The CLI hashes passwords itself: no password crosses the socket.
 */
const unknownCall = 'Unknown admin call.';
/** A call of the staff CLI: a method of the store (or of the sign-in brake) and its arguments. */
const rpcBody = sentObject(
  { method: text(unknownCall).required(unknownCall), args: array().typeError(unknownCall) },
  unknownCall,
);
const giveFile = 'Give the backup file as an absolute path.';
/** Where `npm run db:backup` asks the server to write the backup. */
const backupBody = sentObject(
  {
    file: text(giveFile)
      .required(giveFile)
      .test('absolute', giveFile, (file) => path.isAbsolute(file)),
  },
  giveFile,
);

export function listenAdminSocket(store: Store, socketPath: string, brake?: SignInBrake): Promise<Server> {
  const signIn = brake ? brakeAdmin(store, brake) : undefined;
  const app = new Hono()
    .post('/rpc', jsonBody, jsonOf(rpcBody), async (c) => {
      const { method, args } = c.req.valid('json');
      // The server's sign-in brake lives in its memory on the embedded database: asked here.
      if (signIn && method === 'signInLocks') return c.json({ result: await signIn.signInLocks() });
      if (signIn && method === 'unlockSignIn' && args) {
        await signIn.unlockSignIn(String(args[0]));
        return c.json({ result: null });
      }
      if (!isAdminMethod(method) || !args) return c.json({ message: unknownCall }, 400);
      const result = await (store[method] as (...a: string[]) => Promise<unknown>).call(store, ...args.map(String));
      return c.json({ result: result ?? null });
    })
    .post('/backup', jsonBody, jsonOf(backupBody), async (c) =>
      // `npm run db:backup` while the server holds the embedded database: the dump runs here.
      c.json({ result: await writeBackup(store.db, c.req.valid('json').file) }),
    )
    // `npm run db:restore` under a service manager: the server lets go of the database and keeps serving.
    .post('/pause', async (c) => {
      if (!store.pausing) return c.json({ message: 'This database cannot be let go of.' }, 400);
      await store.pausing.pause();
      return c.json({ result: true });
    })
    .post('/resume', async (c) => {
      if (!store.pausing) return c.json({ message: 'This database cannot be let go of.' }, 400);
      await store.pausing.resume();
      return c.json({ result: true });
    });
  rmSync(socketPath, { force: true });
  const server = createServer(getRequestListener(app.fetch));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      chmodSync(socketPath, 0o600);
      resolve(server);
    });
  });
}

/** POSTs JSON to the running server's admin socket; resolves with its `result`. */
function postAdmin(socketPath: string, route: string, payload: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, path: route, method: 'POST', headers: { 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const body: unknown = JSON.parse(text || 'null');
          if (res.statusCode !== 200 || !isPlainObject(body)) reject(new Error(`The server refused: ${text}`));
          else resolve(body.result);
        });
      },
    );
    req.on('error', (error) => reject(new Error(`Could not reach the running server (${error.message}).`)));
    req.end(JSON.stringify(payload));
  });
}

/** Asks the running server to write a backup to `file` (a path on the server's machine). */
export async function socketBackup(socketPath: string, file: string): Promise<BackupResult> {
  const result = await postAdmin(socketPath, '/backup', { file });
  if (!isPlainObject(result)) throw new Error('The server answered no backup.');
  const counts = isPlainObject(result.counts) ? result.counts : {};
  return {
    file: String(result.file),
    store: result.store === 'postgres' ? 'postgres' : 'pglite',
    bytes: Number(result.bytes),
    rows: Number(result.rows),
    counts: Object.fromEntries(Object.entries(counts).map(([t, n]) => [t, Number(n)])),
    ms: Number(result.ms),
  };
}

/**
 * Asks the running server to let go of its embedded database (`pause`: it closes it, its forms
 * answer 503 meanwhile) or to open it again (`resume`), over its admin socket.
 */
export async function socketPausing(socketPath: string, step: 'pause' | 'resume'): Promise<void> {
  await postAdmin(socketPath, `/${step}`, {});
}

/** The running server's staff table, over its admin socket. */
export function socketAdmin(socketPath: string): StaffAdmin & SignInAdmin {
  const call = (method: AdminMethod | keyof SignInAdmin, ...args: string[]): Promise<unknown> =>
    postAdmin(socketPath, '/rpc', { method, args });
  const asStaff = (value: unknown) =>
    isPlainObject(value)
      ? {
          id: Number(value.id),
          name: String(value.name),
          passwordHash: String(value.passwordHash),
          createdAt: String(value.createdAt),
        }
      : undefined;
  /** A lock as the server wrote it, read field by field (never cast). */
  const asLock = (value: Record<string, unknown>): AccountLock => ({
    name: String(value.name),
    checks: Number(value.checks),
    waitSeconds: Number(value.waitSeconds),
    lockedAddresses: (Array.isArray(value.lockedAddresses) ? value.lockedAddresses : [])
      .filter(isPlainObject)
      .map((a) => ({ address: String(a.address), seconds: Number(a.seconds) })),
  });
  return {
    findStaff: async (name) => asStaff(await call('findStaff', name)),
    addStaff: async (name, hash) => void (await call('addStaff', name, hash)),
    setStaffPassword: async (name, hash) => (await call('setStaffPassword', name, hash)) === true,
    removeStaff: async (name) => (await call('removeStaff', name)) === true,
    signInLocks: async () => {
      const list = await call('signInLocks');
      return Array.isArray(list) ? list.filter(isPlainObject).map(asLock) : [];
    },
    unlockSignIn: async (name) => void (await call('unlockSignIn', name)),
    listStaff: async () => {
      const list = await call('listStaff');
      return Array.isArray(list)
        ? list.filter(isPlainObject).map((s) => ({ name: String(s.name), createdAt: String(s.createdAt) }))
        : [];
    },
  };
}

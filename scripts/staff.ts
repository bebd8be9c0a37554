/**
 * Staff accounts for the dashboard:
 *   npm run staff -- add <name>      asks for the password twice (not echoed); with --replace, an
 *                                    existing account gets the new password instead of an error
 *   npm run staff -- passwd <name>   sets a new password and signs the person out everywhere
 *   npm run staff -- remove <name>   deletes the account and its sessions
 *   npm run staff -- list
 *   npm run staff -- locked          accounts whose sign-ins are being slowed down or refused
 *   npm run staff -- unlock <name>   clears that account's sign-in counts (after guesses by others)
 * For scripts, `add` and `passwd` read STAFF_PASSWORD from the environment instead of asking.
 * Uses the same database as the server (DATABASE_URL, or DATA_DIR). The embedded database allows
 * one process at a time: while the server holds it, the CLI asks the server through its admin
 * socket (<DATA_DIR>.admin.sock, owner-only) instead. Each change (and each failure) is a line in
 * the owner's log, naming the account, never a password (scripts/command-log.ts).
 */
import '@/lib/load-env';
import path from 'node:path';
import { getEnv, staffPasswordFromEnvironment } from '@/lib/env';
import { adminSocketPath, brakeAdmin, type SignInAdmin, socketAdmin, type StaffAdmin } from '@/server/platform/admin';
import { countersFor } from '@/server/platform/counters';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import { hashPassword, passwordProblem, staffNameProblem } from '@/server/platform/passwords';
import { DataDirInUseError } from '@/server/store/lock';
import { openStore, type Store } from '@/server/store/store';
import { commandLog, runCommand } from './command-log';

const usage = 'Usage: npm run staff -- add <name> | passwd <name> | remove <name> | list | locked | unlock <name>';

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    if (!input.isTTY) {
      reject(new Error('No terminal to ask for a password: set STAFF_PASSWORD instead.'));
      return;
    }
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          input.setRawMode(false);
          process.stdout.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    input.on('data', onData);
  });
}

async function newPassword(): Promise<string> {
  // STAFF_PASSWORD is a CLI input, not configuration: read here, never printed.
  const fromEnv = staffPasswordFromEnvironment();
  const password = fromEnv ?? (await askHidden('Password: '));
  const problem = passwordProblem(password);
  if (problem) throw new Error(problem);
  if (fromEnv === undefined && (await askHidden('Password again: ')) !== password)
    throw new Error('The two passwords differ.');
  return password;
}

function checkedName(name: string | undefined): string {
  if (!name) throw new Error(usage);
  const problem = staffNameProblem(name);
  if (problem) throw new Error(problem);
  return name;
}

/** Runs one staff command; resolves with the log's line for a change, nothing for a look. */
async function run(
  store: StaffAdmin & SignInAdmin,
  command: string | undefined,
  arg: string | undefined,
  replace: boolean,
): Promise<string | undefined> {
  switch (command) {
    case 'add': {
      const name = checkedName(arg);
      if (await store.findStaff(name)) {
        if (!replace) throw new Error(`${name} already exists (use passwd to change the password).`);
        await store.setStaffPassword(name, await hashPassword(await newPassword()));
        console.log(`${name} existed; set the new password.`);
        return `${name} existed (add --replace): set a new password, their sessions were ended`;
      }
      await store.addStaff(name, await hashPassword(await newPassword()));
      console.log(`Added ${name}.`);
      return `added ${name}`;
    }
    case 'passwd': {
      const name = checkedName(arg);
      if (!(await store.findStaff(name))) throw new Error(`There is no staff member called ${name}.`);
      await store.setStaffPassword(name, await hashPassword(await newPassword()));
      console.log(`Changed the password of ${name}; their sessions were ended.`);
      return `changed the password of ${name}; their sessions were ended`;
    }
    case 'remove': {
      const name = checkedName(arg);
      if (!(await store.removeStaff(name))) throw new Error(`There is no staff member called ${name}.`);
      console.log(`Removed ${name} and ended their sessions.`);
      return `removed ${name} and ended their sessions`;
    }
    case 'list': {
      const staff = await store.listStaff();
      if (staff.length === 0) console.log('No staff accounts yet. Add one with: npm run staff -- add <name>');
      for (const s of staff) console.log(`${s.name}\t(added ${s.createdAt.slice(0, 10)})`);
      return;
    }
    case 'locked': {
      const locks = await store.signInLocks();
      if (locks.length === 0) console.log('No account is locked or slowed down.');
      for (const l of locks) {
        const pace = l.waitSeconds > 0 ? `next check in ${l.waitSeconds} s` : 'next check allowed';
        const addresses = l.lockedAddresses.map((a) => `${a.address} (${Math.ceil(a.seconds / 60)} min)`).join(', ');
        console.log(
          `${l.name}\t${l.checks} checks from new addresses, ${pace}${addresses ? `; refused: ${addresses}` : ''}`,
        );
      }
      return;
    }
    case 'unlock': {
      const name = checkedName(arg);
      if (!(await store.findStaff(name))) throw new Error(`There is no staff member called ${name}.`);
      await store.unlockSignIn(name);
      console.log(`Cleared the sign-in counts of ${name}: they can sign in from any address now.`);
      return `cleared the sign-in counts of ${name}`;
    }
    default:
      throw new Error(usage);
  }
}

async function main(): Promise<string | undefined> {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const [command, arg, ...more] = args.filter((a) => a !== '--replace');
  const unknown = args.find((a) => a.startsWith('-') && a !== '--replace');
  if (unknown) throw new Error(`Unknown option ${unknown}. ${usage}`);
  const named = ['add', 'passwd', 'remove', 'unlock'].includes(command ?? '');
  if (!(named || command === 'list' || command === 'locked') || more.length > 0 || (!named && arg !== undefined))
    throw new Error(usage);
  if (named) checkedName(arg);
  let store: Store | undefined;
  try {
    const env = getEnv();
    const log = commandLog();
    let admin: StaffAdmin & SignInAdmin;
    try {
      const opened = await openStore({
        databaseUrl: env.DATABASE_URL,
        dataDir: env.DATA_DIR,
        log: (line) => log('storage', line),
      });
      store = opened;
      // On PostgreSQL the counts are in the database; on an embedded database no server holds, none are kept.
      const signIn = brakeAdmin(opened, new SignInBrake({ counters: countersFor(opened.db) }));
      admin = Object.assign(Object.create(opened) as Store, signIn);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      admin = socketAdmin(adminSocketPath(path.resolve(env.DATA_DIR)));
    }
    return await run(admin, command, arg, replace);
  } finally {
    await store?.close();
  }
}

runCommand('staff', main);

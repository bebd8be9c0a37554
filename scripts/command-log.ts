/**
 * The owner's commands in the owner's log (server/platform/log.ts), beside the server's lines: one
 * line per run saying what the command did or why it failed. With a log folder (LOG_DIR), in its
 * site.log; with LOG_DIR=journal, in the journal under the identifier `studio-site-command`
 * (through systemd-cat; without it, nowhere), where `npm run logs` reads it with the service's
 * lines. The terminal shows the command's own words, not these lines.
 */
import { spawnSync } from 'node:child_process';
import { logDirSetting } from '@/lib/env';
import { logFolderOf, type OwnerLog, ownerLog } from '@/server/platform/log';

/** The journal's name for the commands' lines (`npm run logs` reads it). */
export const commandJournalId = 'studio-site-command';

/** Hands one line to the journal, when systemd-cat is there. */
function toJournal(line: string): void {
  spawnSync('systemd-cat', ['--identifier', commandJournalId], {
    input: `${line}\n`,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
}

/** The owner's log for a command: LOG_DIR's file, or the journal. */
export function commandLog(): OwnerLog {
  const folder = logFolderOf(logDirSetting());
  return ownerLog(folder, folder ? () => undefined : toJournal);
}

/**
 * Runs an owner's command (`name`, as `npm run` names it): its failure is one line on the terminal
 * (no stack) and exit code 1; either way one line of kind `command` in the log, the one `main`
 * resolves with (nothing for a command that only reads) or the reason it failed.
 */
export function runCommand(name: string, main: () => Promise<string | undefined>): void {
  const log = commandLog();
  main().then(
    (done) => {
      if (done) log('command', `${name}: ${done}`);
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(reason);
      log('command', `${name} failed: ${reason}`);
      process.exitCode = 1;
    },
  );
}

/**
 * A command's arguments: its `--` options among `flags`, at most `most` others (files, names). An
 * unknown option or one argument too many is refused with `usage`.
 */
export function commandArguments(
  argv: readonly string[],
  opts: { flags: readonly string[]; most: number; usage: string },
): { flags: Set<string>; given: string[] } {
  const unknown = argv.find((a) => a.startsWith('-') && !opts.flags.includes(a));
  if (unknown) throw new Error(`Unknown option ${unknown}. ${opts.usage}`);
  const given = argv.filter((a) => !a.startsWith('-'));
  if (given.length > opts.most) throw new Error(`Too many arguments (${given.join(' ')}). ${opts.usage}`);
  return { flags: new Set(argv.filter((a) => opts.flags.includes(a))), given };
}

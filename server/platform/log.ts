/**
 * The owner's log: one line per start, stop, build, update, backup, job run, storage outage's start
 * and end, and server error, each `<ISO time> <kind> <message>`. Always on standard output (under
 * systemd: the journal); with a folder (LOG_DIR other than `journal`) also appended to
 * <folder>/site.log, renamed to site.log.1 (.2, .3) when it passes 1 MB. Callers never pass personal data: paths are logged without their
 * query and with long tokens masked (loggedPath).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';

type LogKind = 'start' | 'stop' | 'build' | 'update' | 'backup' | 'job' | 'storage' | 'error';
export type OwnerLog = (kind: LogKind, message: string) => void;

const LOG_FILE = 'site.log';
const maxBytes = 1024 * 1024;
const keep = 3;

/** LOG_DIR's value that means: standard output only (the journal keeps it). */
export const JOURNAL = 'journal';

/** The folder of the log files for a LOG_DIR value, or undefined for the journal. */
export const logFolderOf = (logDir: string, base = process.cwd()): string | undefined =>
  logDir === JOURNAL ? undefined : path.resolve(base, logDir);

function rotate(file: string): void {
  if (!existsSync(file) || statSync(file).size < maxBytes) return;
  for (let n = keep - 1; n >= 1; n--) if (existsSync(`${file}.${n}`)) renameSync(`${file}.${n}`, `${file}.${n + 1}`);
  renameSync(file, `${file}.1`);
}

/** A log writing to standard output and, with a folder, to its rotated file. */
export function ownerLog(folder: string | undefined, write: (line: string) => void = console.log): OwnerLog {
  return (kind, message) => {
    const line = `${new Date().toISOString()} ${kind} ${message.replace(/\s*\n\s*/g, ' ')}`;
    write(line);
    if (!folder) return;
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const file = path.join(folder, LOG_FILE);
      rotate(file);
      appendFileSync(file, `${line}\n`, { mode: 0o600 });
    } catch (error) {
      console.error(`The log file in ${folder} cannot be written: ${(error as Error).message}`);
    }
  };
}

/** A request's path for the log: no query string, and segments that look like tokens masked. */
export const loggedPath = (pathname: string): string =>
  pathname
    .split('/')
    .map((segment) => (/^[\w-]{20,}$/.test(segment) || segment.includes('@') ? '…' : segment))
    .join('/');

/** The lines of the log files in `folder` written since `since`, oldest first. */
export function logLinesSince(folder: string, since: Date): string[] {
  const files = [...Array.from({ length: keep }, (_, i) => `${LOG_FILE}.${keep - i}`), LOG_FILE]
    .map((name) => path.join(folder, name))
    .filter((file) => existsSync(file));
  const from = since.toISOString();
  return files
    .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
    .filter((line) => line !== '' && line.slice(0, 24) >= from);
}

/**
 * The owner's log: one line per start, stop, build, update, backup, job run, storage outage's start
 * and end, and server error, each `<ISO time> <kind> <message>`. Always on standard output (under
 * systemd: the journal); with a folder (LOG_DIR other than `journal`) also appended to
 * <folder>/site.log (mode 600 in a folder of mode 700), renamed to site.log.1 (.2, .3) when it passes 1 MB.
 * The owner's commands write their lines here too (scripts/command-log.ts). Callers never pass
 * personal data: paths are logged without their query and with tokens and e-mail addresses masked,
 * however they were encoded (loggedPath).
 */
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { privateFolder, writePrivate } from './private-files';

type LogKind = 'start' | 'stop' | 'build' | 'update' | 'backup' | 'command' | 'job' | 'storage' | 'error';
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
      const file = path.join(privateFolder(folder), LOG_FILE);
      rotate(file);
      writePrivate(file, `${line}\n`, 'a');
    } catch (error) {
      console.error(`The log file in ${folder} cannot be written: ${(error as Error).message}`);
    }
  };
}

/** One round of decoding as a browser, a proxy or a form may have encoded: `%XX` escapes and `+` for a space. */
function decodedOnce(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A broken escape elsewhere in the segment: each well-formed one decoded on its own.
    return spaced.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}

/** A path segment decoded until it no longer changes (`%2540` is `%40` is `@`), its look-alike characters folded (`＠`). */
function plainSegment(segment: string): string {
  let text = segment;
  for (let round = 0; round < 5; round++) {
    const next = decodedOnce(text);
    if (next === text) break;
    text = next;
  }
  return text.normalize('NFKC');
}

/** Whether a path segment, however encoded, holds an e-mail address or looks like a token. */
const isPersonal = (segment: string): boolean => {
  const plain = plainSegment(segment);
  return plain.includes('@') || /^[\w-]{20,}$/.test(segment) || /^[\w-]{20,}$/.test(plain);
};

/**
 * A request's path for the log: no query string, and segments that hold an e-mail address or look
 * like tokens masked, whether written plainly, percent-encoded once or more, or with `+` for spaces.
 */
export const loggedPath = (pathname: string): string =>
  pathname
    .split('/')
    .map((segment) => (isPersonal(segment) ? '…' : segment))
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

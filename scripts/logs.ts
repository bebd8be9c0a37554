/**
 * `npm run logs`: the site's log lines of the last hour (server/platform/log.ts), the owner's commands'
 * among them (scripts/command-log.ts). With LOG_DIR=journal (the systemd unit), from the journal: the
 * studio-site service's lines, systemd's own about it (started, stopped, exited) and the commands';
 * otherwise from LOG_DIR's files.
 */
import '@/lib/load-env';
import { spawnSync } from 'node:child_process';
import { getEnv } from '@/lib/env';
import { logFolderOf, logLinesSince } from '@/server/platform/log';
import { commandJournalId } from './command-log';

const unit = 'studio-site.service';

function showLogs(): number {
  const folder = logFolderOf(getEnv().LOG_DIR);
  if (folder) {
    const lines = logLinesSince(folder, new Date(Date.now() - 3600_000));
    console.log(lines.length > 0 ? lines.join('\n') : `No log lines in the last hour in ${folder}.`);
    return 0;
  }
  const matches = [`_SYSTEMD_UNIT=${unit}`, '+', `UNIT=${unit}`, '+', `SYSLOG_IDENTIFIER=${commandJournalId}`];
  const journal = ['--since', '-1h', '--no-pager', '--output', 'cat', ...matches];
  return spawnSync('journalctl', journal, { stdio: 'inherit' }).status ?? 1;
}

const given = process.argv[2];
if (given !== undefined) {
  console.error(`npm run logs takes no arguments (it shows the last hour), not ${given}.`);
  process.exitCode = 1;
} else {
  try {
    process.exitCode = showLogs();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}

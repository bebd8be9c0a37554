/**
 * `npm run logs`: the site's log lines of the last hour (server/platform/log.ts). With LOG_DIR=journal (the
 * systemd unit), from the journal of the studio-site service; otherwise from LOG_DIR's files.
 */
import '@/lib/load-env';
import { spawnSync } from 'node:child_process';
import { getEnv } from '@/lib/env';
import { logFolderOf, logLinesSince } from '@/server/platform/log';

const folder = logFolderOf(getEnv().LOG_DIR);
if (folder) {
  const lines = logLinesSince(folder, new Date(Date.now() - 3600_000));
  console.log(lines.length > 0 ? lines.join('\n') : `No log lines in the last hour in ${folder}.`);
} else {
  const journal = ['--unit', 'studio-site', '--since', '-1h', '--no-pager', '--output', 'cat'];
  process.exitCode = spawnSync('journalctl', journal, { stdio: 'inherit' }).status ?? 1;
}

/**
 * `npm run launch`: opens a site that is in preview (SITE_LAUNCHED=no, as deploy/install.sh leaves
 * it). Runs the launch check (the lines `npm run check:launch` prints) and, only when it is clean,
 * records the launch in the project folder's `.env` (SITE_LAUNCHED=yes, every other line and comment
 * kept, mode 600). Then the restart, which builds the pages again as launched (the settings changed)
 * and opens the forms and payment claims: under systemd this site's running server is told to stop
 * (SIGTERM, as `npm run update` does) and systemd starts it again; otherwise it says how to restart.
 */
import '@/lib/load-env';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { environmentBeforeFiles, loadedEnvFiles } from '@/lib/load-env';
import { EnvError, parseEnv, processEnvironment } from '@/lib/env';
import { siteServer, sharedSettings } from '@/server/site/releases';
import { launchCheck, launchReport } from './check-launch';
import { commandLog } from './command-log';
import { supervised } from './update-processes';

const SETTING = 'SITE_LAUNCHED';
/** The unit deploy/install.sh installs: when it is there, the site runs under systemd. */
const UNIT_FILE = '/etc/systemd/system/studio-site.service';

/** A line of a .env file that sets `name` (commented lines are not). */
const setsName = (name: string) => new RegExp(`^\\s*(?:export\\s+)?${name}\\s*=`);

/** The text of a .env file with `name` set to `value`: its lines that set it replaced, else one added at the end. */
function withSetting(text: string, name: string, value: string): string {
  const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
  const sets = setsName(name);
  const replaced = lines.map((line) => (sets.test(line) ? `${name}=${value}` : line));
  return `${[...replaced, ...(lines.some((line) => sets.test(line)) ? [] : [`${name}=${value}`])].join('\n')}\n`;
}

/** What to do once the launch is recorded, when no server of this site runs under systemd: restart it. */
function nextStep(underSystemd: boolean): string {
  const restart = underSystemd
    ? 'sudo systemctl restart studio-site'
    : 'stop the running `npm start` (Ctrl-C) and run `npm start` again';
  return `Next: restart the site (${restart}). The start builds the pages again as launched, a minute or two, then serves them: indexed, without the "not open yet" notice, with the forms and payment claims open.`;
}

/** The other places that set the setting and win over `.env` (the environment, the other .env files). */
function overriddenBy(envFile: string): string[] {
  const places = environmentBeforeFiles[SETTING] !== undefined ? ['the environment'] : [];
  for (const file of loadedEnvFiles) {
    if (path.resolve(file) === envFile) continue;
    if (
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => setsName(SETTING).test(line))
    )
      places.push(path.basename(file));
  }
  return places;
}

function main(): number {
  const env = parseEnv(processEnvironment());
  const problems = launchCheck(env);
  if (problems.length > 0) {
    console.error(launchReport(problems));
    console.error(`Nothing was changed: the site stays as it is until this list is empty (npm run launch again then).`);
    return 1;
  }
  const envFile = path.resolve('.env');
  const before = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
  writeFileSync(envFile, withSetting(before, SETTING, 'yes'), { mode: 0o600 });
  chmodSync(envFile, 0o600);
  console.log(`${launchReport(problems)}\nLaunched: ${SETTING}=yes in ${envFile}.`);
  const others = overriddenBy(envFile);
  if (others.length > 0) {
    console.error(`${SETTING} is also set in ${others.join(' and ')}, which wins over .env: remove it there.`);
    return 1;
  }
  const project = process.cwd();
  const server = siteServer({ project, dataDir: sharedSettings(env, project).DATA_DIR });
  if (server && supervised(server.pid)) {
    process.kill(server.pid, 'SIGTERM');
    console.log(
      'The site restarts now (systemd starts it again): its start builds the pages again as launched, a minute or two, then serves them, indexed, with the forms and payment claims open. npm run logs shows when.',
    );
    commandLog()('command', `launch: ${SETTING}=yes in .env; server ${server.pid} told to stop, systemd restarts it`);
  } else {
    console.log(nextStep(existsSync(UNIT_FILE)));
    commandLog()('command', `launch: ${SETTING}=yes in .env; the site opens at its next start`);
  }
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

/**
 * The switch of `npm run update` (scripts/update.ts) and its --rollback from the version serving to
 * another: on the port the site serves on (the running server's record says which), with no gap
 * when it runs without systemd (the new server accepts beside the old one; see
 * server/startup/hand-over.ts). Each function takes the site it acts on as a parameter.
 */
import { environmentBeforeFiles } from '@/lib/load-env';
import { execFileSync } from 'node:child_process';
import { rmSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { currentLink, releasesDir, type RunInfo, type SharedSettings, siteServer } from '@/server/site/releases';
import { handOverTo, healthy, startDetachedIn, stopGroup, stopServer, supervised } from './update-processes';

/** The site being switched: its project folder, the shared settings its servers get, its settings' port, where server output goes. */
export interface SwitchedSite {
  readonly project: string;
  readonly shared: SharedSettings;
  /** The port the settings give (PORT), used only when no server runs to say which it serves on. */
  readonly settingsPort: number;
  readonly logs: string;
}

/** This site's running server: the one its record names, checked to be this site's (never another's). */
export const runningServer = (site: SwitchedSite): RunInfo | undefined =>
  siteServer({ project: site.project, dataDir: site.shared.DATA_DIR });

/** The port the site serves on: the running server's, from its own record; else the settings'. */
export const sitePort = (site: SwitchedSite): number => runningServer(site)?.port ?? site.settingsPort;

/** The environment `folder`'s server runs in (and its pages are built in, so that they are current for it). */
export const serverEnv = (site: SwitchedSite, folder: string): NodeJS.ProcessEnv =>
  // The project folder's own code runs as `npm start` there runs it: without the shared paths (server/start.ts).
  folder === site.project
    ? environmentBeforeFiles
    : { ...environmentBeforeFiles, ...site.shared, NEXT_TELEMETRY_DISABLED: '1' };

/** What `folder`'s server is given on top of the environment it starts in: the shared paths (for a release) and the port. */
const serverSettings = (site: SwitchedSite, folder: string, port: number): Record<string, string> => ({
  ...(folder === site.project ? {} : { ...site.shared, NEXT_TELEMETRY_DISABLED: '1' }),
  PORT: String(port),
});

/** The environment `folder`'s server serves in, on `port`. */
const servingEnv = (site: SwitchedSite, folder: string, port: number): NodeJS.ProcessEnv => ({
  ...environmentBeforeFiles,
  ...serverSettings(site, folder, port),
});

/** Starts `folder`'s server on `port` in the background (see startDetachedIn), its output in the site's logs. */
const startDetached = (site: SwitchedSite, folder: string, port: number, after?: number) =>
  startDetachedIn({ folder, after, logs: site.logs, env: servingEnv(site, folder, port) });

/**
 * Starts `folder`'s server beside the running one, to take over from it: handed its listening
 * socket when it can (its record says so), else waiting for its port (see server/main.ts).
 */
const startBeside = (site: SwitchedSite, folder: string, server: RunInfo) =>
  server.handsOver
    ? handOverTo(server, {
        dataDir: site.shared.DATA_DIR,
        folder,
        env: servingEnv(site, folder, server.port),
        logs: site.logs,
      })
    : startDetached(site, folder, server.port, server.pid);

/** A release's name in releases/ for `folder` (`.`: the project folder). */
export const nameOf = (project: string, folder: string): string => (folder === project ? '.' : path.basename(folder));

/** The folder of release `name` (`.`: the project folder). */
export const folderOf = (project: string, name: string): string =>
  name === '.' ? project : path.join(releasesDir(project), name);

/** Points releases/current at `name` (a release folder's name, or `.`: the project folder) in one rename. */
function pointCurrentAt(project: string, name: string): void {
  const link = currentLink(project);
  if (name === '.') {
    rmSync(link, { force: true });
    return;
  }
  rmSync(`${link}.new`, { force: true });
  symlinkSync(name, `${link}.new`);
  renameSync(`${link}.new`, link);
}

const shortHead = (folder: string) =>
  execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: folder, encoding: 'utf8', stdio: 'pipe' }).trim();

/**
 * Switches from the running server to `target`'s, on the port the running one serves on: without
 * systemd the new one starts beside it and takes over (it accepts at once, and answers once the old
 * one has stopped and it has opened the database); under systemd the old one is stopped and systemd
 * starts the service again, the port held open meanwhile by its socket (deploy/studio-site.socket). The new one must answer its health check; else the old one is started again.
 */
export async function switchTo(site: SwitchedSite, target: string, from: string): Promise<boolean> {
  const { project } = site;
  const server = runningServer(site);
  const port = server?.port ?? site.settingsPort;
  const bySystemd = server !== undefined && (server.byServiceManager === true || supervised(server.pid));
  const waiting = server !== undefined && !bySystemd ? await startBeside(site, target, server) : undefined;
  if (server !== undefined && !bySystemd && waiting === undefined) return false;
  pointCurrentAt(project, nameOf(project, target));
  if (server) await stopServer(server);
  const started = bySystemd ? undefined : (waiting ?? (await startDetached(site, target, port)));
  if ((await healthy(port, 120_000)) === shortHead(target)) return true;
  // The new version did not come up on the real data: back to the one that served.
  pointCurrentAt(project, nameOf(project, from));
  const failed = runningServer(site);
  if (failed) await stopServer(failed);
  stopGroup(started);
  if (!bySystemd) await startDetached(site, from, port);
  await healthy(port, 120_000);
  return false;
}

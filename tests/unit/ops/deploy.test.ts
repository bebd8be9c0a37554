/** @jest-environment node */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { request as plainRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '@/server/platform/passwords';
import { openStore } from '@/server/store/store';
import { freePort } from '../../free-port';
import { killOutright, ready, type ServerProcess, spawnServer } from '../service/server-process';

jest.setTimeout(300_000);

/**
 * The shipped service unit and proxy configuration (deploy/), checked by the real tools: the unit by
 * `systemd-analyze verify` (these machines cannot run systemd as PID 1, so its restart policy is
 * checked as written, and the server's own behaviour after kill -9 and a new start is tested
 * here), and the Caddyfile by `caddy validate` and by Debian's caddy run in front of the real
 * server on loopback with a certificate of its own local authority (`tls internal`): HTTPS
 * answered, HTTP redirected to it, the proxy's headers trusted, and a staff sign-in through it.
 */

const root = path.resolve(__dirname, '../../..');
const unitFile = path.join(root, 'deploy/studio-site.service');
const socketFile = path.join(root, 'deploy/studio-site.socket');
const caddyfile = path.join(root, 'deploy/Caddyfile');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'studio-deploy-'));
const password = 'a long staff password for the proxy test';

/** A tool of the machine: in CI (CI=true) its absence fails the test, elsewhere it is skipped. */
function tool(name: string): boolean {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status === 0) return true;
  if (process.env.CI === 'true') throw new Error(`${name} is not installed (.ci/run installs it)`);
  console.warn(`${name} is not installed: skipped`);
  return false;
}

/** The unit's settings, as KEY → values (a key may repeat). */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)=(.*)$/.exec(line.trim());
    if (match?.[1]) settings.set(match[1], [...(settings.get(match[1]) ?? []), match[2] ?? '']);
  }
  return settings;
}

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test('the units pass systemd-analyze verify: the site restarts, unprivileged, with only the project folder writable, on the port its socket holds', () => {
  const settings = unitSettings(readFileSync(unitFile, 'utf8'));
  expect(settings.get('User')).toEqual(['studio']);
  expect(settings.get('Restart')).toEqual(['always']);
  expect(settings.get('WantedBy')).toEqual(['multi-user.target']);
  expect(settings.get('ProtectSystem')).toEqual(['strict']);
  expect(settings.get('NoNewPrivileges')).toEqual(['yes']);
  expect(settings.get('PrivateTmp')).toEqual(['yes']);
  expect(settings.get('ReadWritePaths')).toEqual(['/srv/studio-site']);
  // Logs to the journal: the server writes its lines to standard output only.
  expect(settings.get('Environment')?.join(' ')).toMatch(/\bLOG_DIR=journal\b/);
  // It serves on the port its socket unit holds, which is there before it starts.
  expect(settings.get('Requires')).toEqual(['studio-site.socket']);
  expect(settings.get('After')?.join(' ')).toMatch(/\bstudio-site\.socket\b/);
  const socket = unitSettings(readFileSync(socketFile, 'utf8'));
  expect(socket.get('ListenStream')).toEqual(['127.0.0.1:3000']);
  expect(socket.get('WantedBy')).toEqual(['sockets.target']);
  if (!tool('systemd-analyze')) return;
  // As deploy/install.sh installs them: the project folder's path filled in (here, this checkout's).
  const installed = ['studio-site.service', 'studio-site.socket'].map((name) => {
    const file = path.join(tmp, name);
    writeFileSync(file, readFileSync(path.join(root, 'deploy', name), 'utf8').replaceAll('/srv/studio-site', root));
    return file;
  });
  const verify = spawnSync('systemd-analyze', ['verify', ...installed], { encoding: 'utf8' });
  expect(`${verify.stdout}${verify.stderr}`).toBe('');
  expect(verify.status).toBe(0);
});

/** An HTTPS request to the proxy on loopback, trusting its local authority's root. */
function https(
  url: string,
  ca: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers, ca }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

describe('Caddy in front of the site', () => {
  let caddy: ChildProcess | undefined;
  let server: ServerProcess | undefined;
  const dataDir = path.join(tmp, 'data/pglite');

  afterAll(async () => {
    if (caddy?.pid) process.kill(caddy.pid, 'SIGTERM');
    if (server) await killOutright(server, dataDir);
  });

  test('validates, answers HTTPS, redirects HTTP, and staff sign in through it; kill -9 and a new start serve again', async () => {
    if (!tool('caddy')) return;
    const [sitePort, httpPort, httpsPort] = [await freePort(), await freePort(), await freePort()];
    const site = `https://localhost:${httpsPort}`;
    // The values deploy/install.sh fills in, for loopback: the local authority, ports of the test's own.
    const caddyEnv = {
      ...process.env,
      STUDIO_DOMAIN: 'localhost',
      STUDIO_TLS: 'internal',
      STUDIO_PORT: String(sitePort),
      STUDIO_HTTP_PORT: String(httpPort),
      STUDIO_HTTPS_PORT: String(httpsPort),
      STUDIO_CADDY_ADMIN: 'off',
      XDG_DATA_HOME: tmp,
      XDG_CONFIG_HOME: tmp,
    };
    const validate = spawnSync('caddy', ['validate', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: caddyEnv,
      encoding: 'utf8',
    });
    expect(validate.stderr + validate.stdout).toMatch(/Valid configuration/);
    expect(validate.status).toBe(0);

    // The settings deploy/install.sh writes in .env, and a staff account.
    const store = await openStore({ dataDir });
    await store.addStaff('owner', await hashPassword(password));
    await store.close();
    const settings = {
      DATA_DIR: dataDir,
      SITE_URL: site,
      TRUST_PROXY: 'true',
      TRUSTED_PROXIES: '127.0.0.1,::1',
      LOG_DIR: path.join(tmp, 'logs'),
    };
    server = spawnServer({ cwd: root, port: sitePort, env: settings });
    await ready(server);
    caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: caddyEnv,
      stdio: 'ignore',
    });
    const rootCert = path.join(tmp, 'caddy/pki/authorities/local/root.crt');
    const deadline = Date.now() + 60_000;
    let ca = '';
    for (;;) {
      ca = existsSync(rootCert) ? readFileSync(rootCert, 'utf8') : '';
      const answer = ca ? await https(`${site}/api/health`, ca).catch(() => undefined) : undefined;
      if (answer?.status === 200) break;
      if (Date.now() > deadline) throw new Error('caddy did not answer HTTPS');
      await new Promise((r) => setTimeout(r, 200));
    }

    // HTTPS: the site's answers, with HSTS (the proxy's X-Forwarded-Proto is trusted).
    const health = await https(`${site}/api/health`, ca);
    expect(JSON.parse(health.body)).toMatchObject({ ok: true });
    const visitor = await https(`${site}/api/auth/me`, ca);
    expect(JSON.parse(visitor.body)).toEqual({ name: null });
    expect(visitor.headers['strict-transport-security']).toBeDefined();

    // HTTP: redirected to HTTPS.
    const redirect = await new Promise<{ status: number; location?: string }>((resolve, reject) =>
      plainRequest(`http://localhost:${httpPort}/contact/`, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      })
        .on('error', reject)
        .end(),
    );
    expect(redirect.status).toBeGreaterThanOrEqual(301);
    expect(redirect.status).toBeLessThanOrEqual(308);
    // To the same host and path over HTTPS (on the default port 443: production's; the test's own
    // HTTPS port is not carried over, which does not matter there).
    expect(redirect.location).toBe('https://localhost/contact/');

    // A staff sign-in from the site's origin: the secure cookie, and the session it opens.
    const login = await https(`${site}/api/auth/login`, ca, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site },
      body: JSON.stringify({ name: 'owner', password }),
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^__Host-/);
    const me = await https(`${site}/api/auth/me`, ca, { headers: { Cookie: cookie } });
    expect(JSON.parse(me.body)).toEqual({ name: 'owner' });

    // kill -9 (what Restart=always answers by starting the server again): a new start serves again.
    await killOutright(server, dataDir);
    const down = await https(`${site}/api/health`, ca);
    expect(down.status).toBe(502);
    server = spawnServer({ cwd: root, port: sitePort, env: settings });
    await ready(server);
    const again = await https(`${site}/api/auth/me`, ca, { headers: { Cookie: cookie } });
    expect(JSON.parse(again.body)).toEqual({ name: 'owner' });
    // The owner's log: one line per start and stop, none with the staff member's name or password.
    const log = readFileSync(path.join(tmp, 'logs/site.log'), 'utf8');
    expect(log.match(/ start version /g)?.length).toBe(2);
    expect(log).not.toContain(password);
    expect(log).not.toContain('owner');
  });
});

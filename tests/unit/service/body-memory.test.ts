/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ready, type ServerProcess, startServer } from './server-process';
import { freshPgliteDir } from '../../pglite-template';

jest.setTimeout(240_000);

/** Resident memory of the server's whole process group (tsx and the server it runs), in MB. */
function residentMb(server: ServerProcess): number {
  const out = execFileSync('ps', ['-o', 'rss=', '-g', String(server.child.pid)], { encoding: 'utf8' });
  return out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
}

/**
 * Sends `mb` megabytes of JSON-looking bytes to `path`, in 1 MB writes (the test never holds the
 * body), with a Content-Length or chunked; resolves with the status, or 'reset' when the server
 * closed the connection after answering (the client was still writing).
 */
function sendLarge(port: number, urlPath: string, mb: number, chunked: boolean): Promise<number | 'reset'> {
  return new Promise((resolve) => {
    const size = mb * 1024 * 1024;
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json' };
    if (!chunked) headers['Content-Length'] = size;
    let status: number | undefined;
    const req = request({ host: '127.0.0.1', port, path: urlPath, method: 'POST', headers }, (res) => {
      status = res.statusCode;
      res.resume();
      res.on('end', () => resolve(status ?? 'reset'));
    });
    req.on('error', () => resolve(status ?? 'reset'));
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let written = 0;
    const write = () => {
      while (written < size) {
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', write);
          return;
        }
      }
      req.end();
    };
    write();
  });
}

describe('bodies over the limit, sent to the real server', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshPgliteDir();
    server = await startServer(dataDir);
    await ready(server);
  });
  afterAll(async () => {
    server.kill('SIGTERM');
    await server.exited;
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('answers 413 to six 50 MB bodies without reading them: memory does not grow', async () => {
    // Warm up: the first requests load code and caches.
    for (let i = 0; i < 3; i++) await sendLarge(server.port, '/api/auth/login', 1, false);
    const before = residentMb(server);
    const statuses: Array<number | 'reset'> = [];
    for (const [route, chunked] of [
      ['/api/auth/login', false],
      ['/api/auth/login', true],
      ['/api/payments/claims', false],
      ['/api/payments/claims', true],
      ['/api/forms/query', false],
      ['/api/forms/query', true],
    ] as const) {
      statuses.push(await sendLarge(server.port, route, 50, chunked));
    }
    const after = residentMb(server);
    console.log(
      `server resident memory: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after six 50 MB bodies (answers: ${statuses.join(', ')})`,
    );
    // A body with a Content-Length is refused on its header; a chunked one once 64 KB have arrived.
    for (const status of statuses) expect([413, 'reset']).toContain(status);
    expect(statuses.filter((s) => s === 413).length).toBeGreaterThanOrEqual(3);
    expect(after - before).toBeLessThan(40);
    // The server still answers.
    const res = await fetch(`http://127.0.0.1:${server.port}/api/auth/me`);
    expect(res.status).toBe(200);
  });
});

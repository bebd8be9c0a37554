/** @jest-environment node */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A content rebuild starts `next build` and the content check during its pull; both wait in
 * next.config.mjs's contentPulled until the build creates the file SITE_CONTENT_PULLED names. Real
 * processes, as the build starts them: Node loading next.config.mjs.
 */
const config = pathToFileURL(path.resolve('next.config.mjs')).href;
const dir = mkdtempSync(path.join(os.tmpdir(), 'content-pulled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process that waits for the pull as Next's start does, then prints "reading the content". */
const waiter = `import(${JSON.stringify(config)}).then(async (m) => { await m.contentPulled(); console.log('reading the content'); })`;

/** Resolves with the child's output and exit code once it exits. */
function exited(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/** Whether the process runs: not gone, and not a zombie left for a parent that does not reap (a container's PID 1). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('a content rebuild’s wait for its pull', () => {
  it('reads the content only once the pull is done, and at once outside a content rebuild', async () => {
    const pulled = path.join(dir, 'pulled-1');
    const child = spawn(process.execPath, ['-e', waiter], { env: { ...process.env, SITE_CONTENT_PULLED: pulled } });
    const done = exited(child);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(child.exitCode).toBeNull();
    writeFileSync(pulled, '');
    expect(await done).toEqual({ code: 0, output: 'reading the content\n' });

    const { SITE_CONTENT_PULLED: _, ...plain } = process.env;
    expect(await exited(spawn(process.execPath, ['-e', waiter], { env: plain }))).toEqual({
      code: 0,
      output: 'reading the content\n',
    });
  });

  it('stops waiting, without reading the content, when the build that would say so is killed', async () => {
    const pulled = path.join(dir, 'pulled-2');
    // The build: starts the waiter, says its pid, and never creates the file.
    const build = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(waiter)}], { stdio: 'inherit' }); console.log(c.pid); setInterval(() => {}, 1000);`,
      ],
      { env: { ...process.env, SITE_CONTENT_PULLED: pulled } },
    );
    let output = '';
    build.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    const started = Date.now();
    while (!/^\d+\n/.test(output) && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 20));
    const pid = Number(output.trim().split('\n')[0]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(alive(pid)).toBe(true);

    build.kill('SIGKILL');
    const killed = Date.now();
    while (alive(pid) && Date.now() - killed < 10_000) await new Promise((r) => setTimeout(r, 20));
    expect(alive(pid)).toBe(false);
    expect(output).not.toContain('reading the content');
  });
});

/** @jest-environment node */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { portHolder, startFailureReason } from '@/server/startup/start-failure';
import { inTempDir } from '../temp-dir';

const listening = (): Promise<{ server: Server; port: number }> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });

const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:3000'), {
  code: 'EADDRINUSE',
});

test('a busy port is named with the process that holds it and its command', async () => {
  const { server, port } = await listening();
  try {
    expect(portHolder(port)).toMatch(new RegExp(`^process ${process.pid} \\(.*node`));
    expect(startFailureReason(inUse, { PORT: port, HOST: '0.0.0.0' })).toMatch(
      new RegExp(
        `^port ${port} is already in use by process ${process.pid} \\(.*\\): stop it, or set PORT to a free port$`,
      ),
    );
  } finally {
    server.close();
  }
});

test("another user's process is named by its user; nothing found says how to find out", () => {
  inTempDir('studio-proc-', (proc) => {
    mkdirSync(path.join(proc, 'net'));
    // Port 3000 (0BB8) listening (0A), owned by uid 0, its process not readable here.
    const header = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
    const row = '   0: 00000000:0BB8 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4242 1';
    writeFileSync(path.join(proc, 'net/tcp'), `${header}\n${row}\n`);
    writeFileSync(path.join(proc, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
    const roots = { proc, passwd: path.join(proc, 'passwd') };
    expect(portHolder(3000, roots)).toBe('a process of user root, which this user may not look into');
    expect(portHolder(3001, roots)).toBeUndefined();
  });
  expect(startFailureReason(inUse, { PORT: 1, HOST: '0.0.0.0' })).toBe(
    "port 1 is already in use by another program (which one could not be told here: sudo ss -ltnp 'sport = :1' names it): stop it, or set PORT to a free port",
  );
});

test('a privileged port, a foreign address and any other failure each get one line', () => {
  const where = { PORT: 80, HOST: '10.9.9.9' };
  expect(startFailureReason(Object.assign(new Error('listen EACCES'), { code: 'EACCES' }), where)).toMatch(
    /^port 80 may only be taken by root/,
  );
  expect(startFailureReason(Object.assign(new Error('x'), { code: 'EADDRNOTAVAIL' }), where)).toBe(
    'HOST 10.9.9.9 is not an address of this machine: set HOST to one of its own',
  );
  expect(startFailureReason(new Error('Could not open the embedded database'), where)).toBe(
    'Could not open the embedded database',
  );
});

/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isStorageUnavailable } from '@/server/store/db';
import { openStore } from '@/server/store/store';

jest.setTimeout(60_000);

/**
 * The embedded database let go of by a running server (for `npm run db:restore` under a service
 * manager): its lock is free for another process meanwhile, its calls fail as an unavailable
 * database's (the forms' 503), and it opens again on what is there then.
 */
test('a paused store lets go of the embedded database and opens it again', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-pausable-'));
  const lines: string[] = [];
  try {
    const store = await openStore({ dataDir: dir, log: (line) => lines.push(line) });
    await store.addStaff('owner', 'hash-1');
    // A call under way when the pause comes is let finish; the pause waits for it.
    const underWay = store.listStaff();
    await store.pausing?.pause();
    expect((await underWay).map((s) => s.name)).toEqual(['owner']);
    const refused = await store.listStaff().catch((error: unknown) => error);
    expect(isStorageUnavailable(refused)).toBe(true);

    // Meanwhile another process may open it (here a second store, as the restore does), and change it.
    const restore = await openStore({ dataDir: dir });
    await restore.addStaff('restored', 'hash-2');
    await restore.close();

    await store.pausing?.resume();
    expect((await store.listStaff()).map((s) => s.name).sort()).toEqual(['owner', 'restored']);
    expect(lines.join('\n')).toMatch(/database let go of for a restore[\s\S]*database opened again after/);
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** @jest-environment node */
import { type CallKind, storageWatch } from '@/server/store/availability';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const full = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });

/** A watch on a clock the test moves, its probe recorded, its lines kept. */
function watched() {
  let clock = 0;
  const lines: string[] = [];
  const probes: CallKind[] = [];
  const watch = storageWatch({
    log: (line) => lines.push(line),
    probe: async (call) => void probes.push(call),
    probeMs: 20,
    now: () => clock,
  });
  return { watch, lines, probes, at: (ms: number) => (clock = ms) };
}

/** Waits for what the watch's own timer does, however loaded the machine (a fixed wait is not). */
async function until(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('the watch never asked again');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("the storage's outages, told by the store's own calls", () => {
  it('logs one line when an outage begins and one when it ends, with the requests refused meanwhile', () => {
    const { watch, lines, at } = watched();
    watch.saw('read');
    watch.saw('write', refused);
    for (let i = 0; i < 40; i++) {
      watch.saw(i % 2 ? 'read' : 'write', refused);
      watch.refused();
    }
    expect(watch.away()).toBe(true);
    expect(lines).toEqual([
      'storage unavailable: connect ECONNREFUSED 127.0.0.1:5432 (pages are served, forms answer 503 until it is back)',
    ]);
    at(15_000);
    watch.saw('write');
    expect(watch.away()).toBe(false);
    expect(lines.slice(1)).toEqual([
      'storage available again after 15 s; 40 request(s) were refused with 503 meanwhile',
    ]);
    watch.saw('write');
    expect(lines).toHaveLength(2);
  });

  it('is not ended by a read while writes fail (a full disk serves reads), nor begun by an error of a statement', () => {
    const { watch, lines } = watched();
    watch.saw('read', Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(watch.away()).toBe(false);
    watch.saw('write', full);
    watch.saw('read');
    expect(watch.away()).toBe(true);
    watch.saw('write');
    expect(watch.away()).toBe(false);
    expect(lines).toHaveLength(2);
    // A read outage (the database down, nothing written meanwhile) ends with a read.
    watch.saw('read', refused);
    watch.saw('read');
    expect(lines).toHaveLength(4);
  });

  it('asks again by itself while the outage lasts (a write when a write failed), and stops asking when it ends', async () => {
    const { watch, probes } = watched();
    watch.saw('read', refused);
    await until(() => probes.length >= 2);
    expect(new Set(probes)).toEqual(new Set(['read']));
    watch.saw('write', refused);
    probes.length = 0;
    await until(() => probes.length >= 1);
    expect(new Set(probes)).toEqual(new Set(['write']));
    watch.saw('write');
    probes.length = 0;
    await new Promise((r) => setTimeout(r, 50));
    expect(probes).toEqual([]);
    watch.stop();
  });
});

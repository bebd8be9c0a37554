/**
 * @jest-environment node
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_SESSIONS_VAR } from '@/lib/env';
import { sessionsAtBuild, sessionsDigest } from '@/lib/sessions/at-build';
import type { PublicSession } from '@/lib/sessions/session';
import { parseSiteBuild, siteBuildOf } from '@/lib/site-build';
import { parseEnv } from '@/lib/env';
import { withSessionsFile } from '@/server/site/build';
import { inTempDir } from '../temp-dir';

const session = (id: number, startsAt: string, more: Partial<PublicSession> = {}): PublicSession => ({
  id,
  kind: 'masterclass',
  title: '',
  label: `label ${id}`,
  startsAt,
  durationMinutes: 120,
  mode: 'online',
  location: '',
  seatsLeft: 5,
  ...more,
});

const now = Date.parse('2030-06-01T00:00:00Z');
const later = session(2, '2030-07-01T08:30:00.000Z');
const sooner = session(3, '2030-06-10T08:30:00.000Z', { kind: 'course', title: 'Diploma in Music Production' });
const past = session(1, '2030-05-01T08:30:00.000Z');

/** Runs `use` with the build given `content` as its sessions file. */
function withFile<T>(content: string, use: () => T): T {
  return inTempDir('sessions-at-build-', (dir) => {
    const file = path.join(dir, 'sessions.json');
    writeFileSync(file, content);
    process.env[BUILD_SESSIONS_VAR] = file;
    try {
      return use();
    } finally {
      delete process.env[BUILD_SESSIONS_VAR];
    }
  });
}

describe("the build's copy of the service's sessions", () => {
  it('is none for a build the server did not start', () => {
    expect(sessionsAtBuild(now)).toEqual([]);
  });

  it('gives the upcoming sessions the server handed over, earliest first', () => {
    const got = withFile(JSON.stringify({ sessions: [later, past, sooner] }), () => sessionsAtBuild(now));
    expect(got.map((s) => s.id)).toEqual([3, 2]);
  });

  it('stops the build with one line naming the file when it is not a list of sessions', () => {
    expect(() => withFile('{"sessions": [{"id": "x"}]}', () => sessionsAtBuild(now))).toThrow(
      /^sessions: BUILD_SESSIONS_FILE \(.*sessions\.json\) is not a list of sessions/,
    );
    expect(() => withFile('not json', () => sessionsAtBuild(now))).toThrow(/cannot be read/);
  });

  it('reaches the pages through the file the server writes, and the file is gone after the build', async () => {
    let seen: string | undefined;
    const ids = await withSessionsFile([later, sooner], async (env) => {
      seen = env[BUILD_SESSIONS_VAR];
      process.env[BUILD_SESSIONS_VAR] = seen;
      try {
        return sessionsAtBuild(now).map((s) => s.id);
      } finally {
        delete process.env[BUILD_SESSIONS_VAR];
      }
    });
    expect(ids).toEqual([3, 2]);
    expect(seen).toMatch(/sessions\.json$/);
    expect(existsSync(seen ?? '')).toBe(false);
  });
});

describe('the digest npm start compares', () => {
  it('is empty for no sessions, and changes with what the pages list, not with the seats left', () => {
    expect(sessionsDigest([])).toBe('');
    const base = sessionsDigest([sooner, later]);
    expect(base).not.toBe('');
    expect(sessionsDigest([sooner, { ...later, seatsLeft: 0 }])).toBe(base);
    expect(sessionsDigest([sooner, { ...later, label: 'moved' }])).not.toBe(base);
    expect(sessionsDigest([sooner])).not.toBe(base);
    expect(sessionsDigest([{ ...sooner, location: 'Andheri' }, later])).not.toBe(base);
  });

  it("is recorded in the build's facts, and an older record without it reads as none", () => {
    const facts = withFile(JSON.stringify({ sessions: [later] }), () => siteBuildOf(parseEnv({})));
    expect(facts.sessionsDigest).toBe(sessionsDigest([later]));
    const { sessionsDigest: _left, ...older } = facts;
    expect(parseSiteBuild(JSON.stringify(older))?.sessionsDigest).toBe('');
    expect(parseSiteBuild(JSON.stringify({ ...facts, sessionsDigest: 7 }))).toBeUndefined();
  });
});

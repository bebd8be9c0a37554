/**
 * A real part a suite needs (PostgreSQL, strace, haproxy, root's unshare, WordPress). On a
 * developer's machine without it the suite is skipped with a note; in CI (CI=true), where .ci/run
 * installs every part, a missing one fails the run instead of passing with the suite skipped.
 */
export function describeNeeding(missing: string | undefined | false): jest.Describe {
  if (!missing) return describe;
  if (process.env.CI) {
    return ((name: string) =>
      describe(name, () => {
        it(`has ${missing}`, () => {
          throw new Error(`${missing} is missing: .ci/run installs it, so this suite cannot be skipped in CI`);
        });
      })) as unknown as jest.Describe;
  }
  console.warn(`skipped on this machine (${missing} is missing; .ci/run installs it)`);
  return describe.skip;
}

/** The same for one test: `itNeeding(missing)('…', fn)`. */
export function itNeeding(missing: string | undefined | false): jest.It {
  if (!missing) return it;
  if (process.env.CI) {
    return ((name: string) =>
      it(name, () => {
        throw new Error(`${missing} is missing: .ci/run installs it, so this test cannot be skipped in CI`);
      })) as unknown as jest.It;
  }
  console.warn(`skipped on this machine (${missing} is missing; .ci/run installs it)`);
  return it.skip;
}

/** What a PostgreSQL suite misses without scripts/test-postgres.sh. */
export const noPostgres = process.env.TEST_DATABASE_URL
  ? undefined
  : 'PostgreSQL (TEST_DATABASE_URL: source scripts/test-postgres.sh)';

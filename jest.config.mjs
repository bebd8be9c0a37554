import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** Unit and component tests: tests/unit/**\/*.test.ts(x) only (Playwright owns tests/e2e). */
const config = createJestConfig({
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/tests/unit/**/*.test.ts', '<rootDir>/tests/unit/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/tests/unit/setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/tests/unit/server-only-stub.ts' },
  modulePathIgnorePatterns: ['<rootDir>/out/', '<rootDir>/.next/', '<rootDir>/builds/'],
  transform: {
    '[/\\\\]@electric-sql[/\\\\]pglite[/\\\\]dist[/\\\\].+\\.cjs$': '<rootDir>/tests/unit/dynamic-import-transform.cjs',
  },
});

/**
 * The suites that start real processes (servers killed, paused or traced, haproxy, the db:* commands)
 * or fill minutes with faults: the `processes` tier. `npm test` leaves them out (the `fast` tier answers
 * in about three minutes); `npm run test:all` runs both. The `wordpress` tier needs the WordPress that
 * scripts/test-wordpress.sh starts, and runs there.
 */
const processSuites = [
  'tests/unit/service/paused-server\\.test\\.ts',
  'tests/unit/service/backup\\.test\\.ts',
  'tests/unit/service/backup-daily\\.test\\.ts',
  'tests/unit/service/db-commands\\.test\\.ts',
  'tests/unit/service/instances\\.test\\.ts',
  'tests/unit/service/database-outage\\.test\\.ts',
  'tests/unit/service/erasure-ledger\\.test\\.ts',
  'tests/unit/service/sync-order\\.test\\.ts',
  'tests/unit/service/sync-failure\\.test\\.ts',
  'tests/unit/service/lock\\.test\\.ts',
  'tests/unit/service/body-memory\\.test\\.ts',
  'tests/unit/service/price-check\\.test\\.ts',
  'tests/unit/ops/update\\.test\\.ts',
  'tests/unit/ops/deploy\\.test\\.ts',
  'tests/unit/ops/service-socket\\.test\\.ts',
  'tests/unit/ops/unit-sandbox\\.test\\.ts',
  'tests/unit/ops/owner-commands\\.test\\.ts',
];
const wordpressSuites = ['tests/unit/cms/wordpress-live\\.test\\.ts'];

// PGlite's bundle must pass through the transform above; everything else in node_modules stays as is.
export default async function jestConfig() {
  const resolved = await config();
  resolved.transformIgnorePatterns = (resolved.transformIgnorePatterns ?? []).map((p) =>
    p.startsWith('/node_modules/') ? p.replace('/node_modules/', '/node_modules/(?!@electric-sql/pglite/)') : p,
  );
  const only = (suites) => suites.map((s) => `/${s}$`);
  const ignored = resolved.testPathIgnorePatterns ?? [];
  return {
    // `npm test` starts jest (and so its workers, which inherit the flag) with `node --liftoff-only`:
    // V8 then runs WebAssembly on its baseline compiler and never spends a core optimising PGlite's
    // 9 MB module, which each test file loads anew and uses for seconds at most. That took about a
    // third of the processor time of the service's suites; the database runs the same either way.
    // One worker per core (jest's default leaves one core free): most of these suites wait on a
    // database, a child process or a timer, so the second core of a two-core machine is put to use.
    maxWorkers: '100%',
    projects: [
      { ...resolved, displayName: 'fast', testPathIgnorePatterns: [...ignored, ...processSuites, ...wordpressSuites] },
      { ...resolved, displayName: 'processes', testMatch: undefined, testRegex: only(processSuites) },
      { ...resolved, displayName: 'wordpress', testMatch: undefined, testRegex: only(wordpressSuites) },
    ],
  };
}
